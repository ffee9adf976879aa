/**
 * Password reset: the answer never says whether the account exists; an existing account gets a
 * single-use link valid one hour; after a reset every session of that user stops working.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isValidEmail, normalizeEmail, passwordProblem, PASSWORD_MAX_LENGTH } from 'shared-kernel/rules';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { passwordResets, users } from '../../db/schema.js';
import { hashPassword } from '../../auth/password.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import type { TokenService } from '../../auth/sessions.js';
import { badRequest, tooManyRequests } from '../../http/errors.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { render } from '../../mail/layout.js';
import type { Mailer } from '../../mail/mailer.js';
import type { Realtime } from '../../realtime/socket.js';
import { findUserByEmail } from '../users/service.js';

export const RESET_REQUESTED = 'Un email de réinitialisation a été envoyé à votre adresse si elle existe dans notre base de données.';
export const RESET_INVALID = 'Ce lien de réinitialisation est invalide ou a expiré.';
export const RESET_DONE = 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.';
const VALIDITY_MS = 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function passwordResetRoutes(
  app: FastifyInstance,
  deps: { db: AppDb; config: AppConfig; tokens: TokenService; mailer: Mailer; realtime: Realtime; limits: RateLimitStore },
): Promise<void> {
  const { db, config, tokens, mailer, realtime, limits } = deps;
  const perIp = new AttemptLimiter(limits, 'reset-ip', config.loginLimits.perIp, config.loginLimits.windowSeconds);
  // A mailbox gets at most a few reset emails per hour, whoever asks and from wherever.
  const perAddress = new AttemptLimiter(limits, 'reset-email', config.resetLimits.perEmail, config.resetLimits.windowSeconds);

  app.post<{ Body: { email: string } }>(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['Authentification'],
        security: [],
        summary: 'Demander un lien de réinitialisation du mot de passe',
        body: { type: 'object', properties: { email: { type: 'string', maxLength: 254 } }, required: ['email'] },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const email = request.body.email.trim();
      if (!isValidEmail(email)) throw badRequest('Veuillez saisir une adresse email valide.');
      const wait = await perIp.hit(request.ip);
      if (wait > 0) throw tooManyRequests('Trop de demandes. Veuillez réessayer dans quelques minutes.', wait);
      // Beyond the bound the answer stays the same: it must not reveal the limit nor the account.
      if ((await perAddress.hit(normalizeEmail(email))) > 0) return { message: RESET_REQUESTED };
      const user = await findUserByEmail(db, email);
      if (user && !user.supprimeLe) {
        const token = randomBytes(32).toString('base64url');
        await db
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash: hashOf(token), expiresAt: new Date(Date.now() + VALIDITY_MS) });
        const link = `${config.siteOrigin}/reset-password/${token}`;
        try {
          // The shared layout (issue 27): doctype, lang, viewport, escaped text, a link that wraps on a phone.
          await mailer.send({
            to: user.email,
            ...render(config.siteName, `${config.siteName} : réinitialisation de votre mot de passe`, `Bonjour ${user.nom},`, [
              { p: 'Pour choisir un nouveau mot de passe, ouvrez ce lien (valable une heure, une seule fois) :' },
              { link: { href: link, label: 'Choisir un nouveau mot de passe' } },
              { p: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.' },
            ]),
          });
        } catch (error) {
          // The answer stays the same: it must not reveal whether the account exists.
          request.log.error({ err: error }, 'password reset mail not sent');
        }
      }
      return { message: RESET_REQUESTED };
    },
  );

  app.post<{ Body: { token: string; password: string } }>(
    '/auth/reset-password',
    {
      schema: {
        tags: ['Authentification'],
        security: [],
        summary: 'Choisir un nouveau mot de passe avec le lien reçu',
        body: {
          type: 'object',
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 200 },
            password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH },
          },
          required: ['token', 'password'],
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const problem = passwordProblem(request.body.password);
      if (problem) throw badRequest(problem);
      const tokenHash = hashOf(request.body.token);
      // Hashed before the link is claimed, so a busy pool (503) leaves the link usable; an unknown link costs no hash.
      const live = and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));
      const [known] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(live).limit(1);
      if (!known) throw badRequest(RESET_INVALID);
      const passwordHash = await hashPassword(request.body.password, config.scryptCost, { ip: request.ip });
      // Claimed atomically: a link works once, even with two submissions at the same time.
      const [claimed] = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
        .returning({ userId: passwordResets.userId });
      if (!claimed) throw badRequest(RESET_INVALID);
      await db.update(users).set({ passwordHash }).where(eq(users.id, claimed.userId));
      await tokens.revokeAllOf(claimed.userId);
      realtime.endUser(claimed.userId);
      return { message: RESET_DONE };
    },
  );
}
