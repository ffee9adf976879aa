/** Payment endpoints (issue 13): the methods on offer, Stripe's webhook, and the admin's view and 'Acompte reçu'. */
import type { FastifyInstance } from 'fastify';
import { requireAdmin, caller } from '../../auth/guard.js';
import type { AppDb } from '../../db/client.js';
import { errorResponses, idParams, reservationSchema } from '../../http/schemas.js';
import { reservationFor } from '../reservations/service.js';
import type { Payments } from './service.js';

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

export async function paymentRoutes(app: FastifyInstance, { db, payments }: { db: AppDb; payments: Payments }): Promise<void> {
  app.get(
    '/paiements/options',
    {
      schema: {
        tags: ['Paiement'],
        summary: 'Moyens de paiement disponibles avec la configuration du site',
        response: {
          200: {
            type: 'object',
            properties: { methodes: { type: 'array', items: { type: 'string' } }, delaiVirementHeures: { type: 'integer' }, delaiStripeMinutes: { type: 'integer' } },
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
      { schema: { tags: ['Paiement'], summary: 'Webhook Stripe (signé) : paiement reçu ou session expirée', response: { 200: { type: 'object', properties: { received: { type: 'boolean' }, doublon: { type: 'boolean' } } }, ...errorResponses } } },
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
      schema: { tags: ['Administration'], summary: 'Les paiements d’une réservation', security: [{ bearer: [] }], params: idParams, response: { 200: { type: 'array', items: paiementSchema }, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reservation = await reservationFor(db, caller(request).user, Number(request.params.id));
      return payments.list(reservation.id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/reservations/:id/acompte-recu',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        summary: 'Acompte reçu par virement : la réservation est confirmée',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: { type: 'object', properties: { reservation: reservationSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const id = Number(request.params.id);
      await reservationFor(db, user, id);
      await payments.depositReceived(id);
      return { reservation: await reservationFor(db, user, id) };
    },
  );
}
