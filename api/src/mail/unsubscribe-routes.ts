/**
 * The unsubscribe link of optional mails (RFC 8058): GET shows a page with a confirm button (a mail
 * scanner following links must not unsubscribe anyone); POST, from that button or from the mail
 * client's one-click, turns that kind off. No login: the signed token is the authority.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDb } from '../db/client.js';
import { escapeHtml } from './layout.js';
import { optOut, readUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe.js';

export const BAD_UNSUBSCRIBE_LINK =
  'Ce lien de désabonnement n’est pas valable. Vous pouvez choisir vos e-mails dans votre profil, rubrique « E-mails ».';
export const GONE_ACCOUNT = 'Ce compte n’existe plus : il ne reçoit plus aucun e-mail.';

function page(reply: FastifyReply, status: number, siteName: string, title: string, body: string): FastifyReply {
  return reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('X-Robots-Tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(`${title} – ${siteName}`)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="/profile">Gérer mes e-mails dans mon profil</a></p></main></body></html>`,
    );
}

export async function unsubscribeRoutes(app: FastifyInstance, deps: { db: AppDb; key: Buffer; siteName: string }): Promise<void> {
  const { db, key, siteName } = deps;
  // Mail clients post `List-Unsubscribe=One-Click` as a form: read and ignored (the token says everything).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );
  const params = { type: 'object', properties: { token: { type: 'string', maxLength: 400 } }, required: ['token'] } as const;
  const tags = ['Utilisateurs'];
  // The token in the address is the authorisation: no session needed.
  const security: [] = [];
  const htmlPage = { description: 'Page HTML en français', content: { 'text/html': { schema: { type: 'string' } } } };

  app.get<{ Params: { token: string } }>(
    `${UNSUBSCRIBE_PATH}/:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Page de désabonnement d’un e-mail facultatif (bouton de confirmation)',
        params,
        response: { 200: htmlPage, 400: htmlPage },
      },
    },
    async (request, reply) => {
      const target = readUnsubscribeToken(key, request.params.token);
      if (!target) return page(reply, 400, siteName, 'Lien non valable', `<p>${escapeHtml(BAD_UNSUBSCRIBE_LINK)}</p>`);
      return page(
        reply,
        200,
        siteName,
        'Se désabonner',
        `<p>Vous ne recevrez plus les e-mails « ${escapeHtml(target.label)} ».</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Confirmer le désabonnement</button></form>`,
      );
    },
  );

  app.post<{ Params: { token: string } }>(
    `${UNSUBSCRIBE_PATH}/:token`,
    {
      schema: {
        tags,
        security,
        summary: 'Désabonnement en un clic (RFC 8058) : désactive ce type d’e-mail',
        params,
        response: { 200: htmlPage, 400: htmlPage, 404: htmlPage },
      },
    },
    async (request, reply) => {
      const target = readUnsubscribeToken(key, request.params.token);
      if (!target) return page(reply, 400, siteName, 'Lien non valable', `<p>${escapeHtml(BAD_UNSUBSCRIBE_LINK)}</p>`);
      if (!(await optOut(db, target.userId, target.kind)))
        return page(reply, 404, siteName, 'Compte supprimé', `<p>${escapeHtml(GONE_ACCOUNT)}</p>`);
      return page(
        reply,
        200,
        siteName,
        'Désabonnement enregistré',
        `<p>C’est fait : vous ne recevrez plus les e-mails « ${escapeHtml(target.label)} ». Vous pouvez les réactiver dans votre profil.</p>`,
      );
    },
  );
}
