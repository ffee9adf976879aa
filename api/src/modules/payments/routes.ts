/** Payment endpoints (issue 13): the methods on offer, Stripe's webhook, and the admin's view and 'Acompte reçu'. */
import type { FastifyInstance } from 'fastify';
import { parseIsoDate, todayIn } from 'shared-kernel/rules';
import { requireAdmin, requireUser, caller } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import type { AppDb } from '../../db/client.js';
import { errorResponses, idParams, messageSchema, reservationSchema } from '../../http/schemas.js';
import { reservationFor } from '../reservations/service.js';

const paiementSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    reservationId: { type: 'integer' },
    fournisseur: { type: 'string' },
    type: { type: 'string' },
    montantCents: { type: 'integer' },
    etat: { type: 'string' },
    stripeSessionId: { type: ['string', 'null'] },
    stripePaymentIntentId: { type: ['string', 'null'] },
    stripeRefundId: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;

/** Also the key of the FAQ page's server-written data (the FAQ states these rules). */
export const PAYMENT_OPTIONS_PATH = '/paiements/options';

export async function paymentRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  const { payments } = app;
  app.get(
    PAYMENT_OPTIONS_PATH,
    {
      schema: {
        tags: ['Paiement'],
        security: [],
        summary: 'Moyens de paiement disponibles avec la configuration du site',
        response: {
          200: {
            type: 'object',
            properties: {
              methodes: { type: 'array', items: { type: 'string' } },
              delaiVirementHeures: { type: 'integer' },
              delaiStripeMinutes: { type: 'integer' },
              soldeJoursAvantArrivee: { type: 'integer' },
            },
          },
        },
      },
    },
    async () => payments.options(),
  );

  // The signature covers the exact bytes Stripe sent: this route keeps its body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    raw.post<{ Body: Buffer }>(
      '/paiements/stripe/webhook',
      {
        schema: {
          tags: ['Paiement'],
          security: [],
          summary: 'Webhook Stripe (signé) : paiement reçu ou session expirée',
          response: {
            200: { type: 'object', properties: { received: { type: 'boolean' }, doublon: { type: 'boolean' } } },
            ...errorResponses,
            // Nothing of the event was kept (one transaction with its record): Stripe sends it again.
            500: { description: 'Événement non appliqué, à renvoyer', ...messageSchema },
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const fresh = await payments.handleWebhook(body, typeof signature === 'string' ? signature : undefined);
        return { received: true, doublon: !fresh };
      },
    );
  });

  app.get<{ Params: { id: string } }>(
    '/admin/reservations/:id/paiements',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Les paiements d’une réservation',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: { type: 'array', items: paiementSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reservation = await reservationFor(db, caller(request).user, Number(request.params.id));
      return payments.list(reservation.id);
    },
  );

  /** An admin records a transfer received (deposit or balance); the answer is the reservation as it is now. */
  const transferReceived = (path: string, summary: string, record: (id: number, adminId: number) => Promise<void>) =>
    app.post<{ Params: { id: string } }>(
      path,
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['Administration'],
          summary,
          security: [{ bearer: [] }],
          params: idParams,
          response: { 200: { type: 'object', properties: { reservation: reservationSchema } }, ...errorResponses },
        },
      },
      async (request) => {
        const { user } = caller(request);
        const id = Number(request.params.id);
        await reservationFor(db, user, id);
        await record(id, user.id);
        return { reservation: await reservationFor(db, user, id) };
      },
    );
  transferReceived(
    '/admin/reservations/:id/acompte-recu',
    'Acompte reçu par virement : la réservation est confirmée (annulée : le virement devient un remboursement à effectuer)',
    (id, adminId) => payments.depositReceived(id, adminId),
  );
  transferReceived(
    '/admin/reservations/:id/solde-recu',
    'Solde reçu par virement (annulée : le virement devient un remboursement à effectuer)',
    (id, adminId) => payments.balanceReceived(id, adminId),
  );

  app.post<{ Params: { id: string } }>(
    '/reservations/:id/solde/paiement',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Paiement'],
        summary: 'Payer le solde en ligne : la page de paiement Stripe du solde (réutilisée tant qu’elle est ouverte)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: { type: 'object', properties: { redirectUrl: { type: 'string' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const reservation = await reservationFor(db, user, Number(request.params.id));
      return { redirectUrl: await payments.startBalanceCheckout(reservation.id, reservation.user?.email ?? user.email) };
    },
  );

  app.get<{ Querystring: { tous?: string } }>(
    '/admin/remboursements',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Remboursements à effectuer (les plus anciens d’abord) ; `tous=1` : tous, effectués compris',
        security: [{ bearer: [] }],
        querystring: { type: 'object', properties: { tous: { type: 'string', enum: ['0', '1'] } } },
        response: { 200: { type: 'array', items: remboursementSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return payments.refunds(request.query.tous === '1');
    },
  );

  app.post<{ Params: { id: string }; Body: { date: string; reference: string } }>(
    '/admin/remboursements/:id/effectue',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Marquer un remboursement par virement comme effectué, avec sa date et la référence de la banque',
        security: [{ bearer: [] }],
        params: idParams,
        body: {
          type: 'object',
          properties: { date: { type: 'string', maxLength: 10 }, reference: { type: 'string', maxLength: 100 } },
          required: ['date', 'reference'],
        },
        response: { 200: { type: 'object', properties: { remboursement: remboursementSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const day = request.body.date;
      const reference = request.body.reference.trim();
      const parsed = parseIsoDate(day);
      if (!parsed) throw badRequest('La date du remboursement doit être une date valide au format AAAA-MM-JJ.');
      if (day > todayIn('Europe/Paris')) throw badRequest('La date du remboursement ne peut pas être dans le futur.');
      if (day < '2000-01-01') throw badRequest('La date du remboursement est trop ancienne.');
      if (reference.length < 2) throw badRequest('Indiquez la référence du virement de remboursement (au moins 2 caractères).');
      const id = Number(request.params.id);
      await payments.markRefundDone(id, day, reference, user.id);
      const done = (await payments.refunds(true)).find((r) => r.id === id);
      return { remboursement: done };
    },
  );
}

const remboursementSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    reservationId: { type: 'integer' },
    montantCents: { type: 'integer' },
    moyen: { type: 'string' },
    etat: { type: 'string' },
    iban: { type: ['string', 'null'] },
    titulaire: { type: ['string', 'null'] },
    client: { type: 'object', properties: { id: { type: 'integer' }, nom: { type: 'string' }, email: { type: 'string' } } },
    creeLe: { type: 'string' },
    effectueLe: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'] },
    erreur: { type: ['string', 'null'] },
  },
} as const;
