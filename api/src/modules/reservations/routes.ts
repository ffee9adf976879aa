/** POST /reservations and GET /reservations/user (spec section 7, DECISIONS 7-9). */
import type { FastifyInstance } from 'fastify';
import { PAYMENT_METHODS, type PaymentMethod } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { caller, requireUser } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, reservationSchema } from '../../http/schemas.js';
import { createReservation, reservationsOf } from './service.js';

interface Body {
  appartementId: number;
  startDate: string;
  endDate: string;
  guestsCount: number;
  totalPrice?: number;
  paymentMethod?: PaymentMethod | null;
  paymentCompleted?: boolean;
}

export async function reservationRoutes(app: FastifyInstance, { db }: { db: AppDb }): Promise<void> {
  app.post<{ Body: Body }>(
    '/reservations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: 'Réserver un séjour (le serveur calcule le prix, l’acompte et le solde)',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: {
            appartementId: { type: 'integer', minimum: 1 },
            startDate: { type: 'string', maxLength: 10 },
            endDate: { type: 'string', maxLength: 10 },
            guestsCount: { type: 'integer' },
            totalPrice: { type: 'number', description: 'Ignoré : le serveur calcule le total.' },
            paymentMethod: { type: ['string', 'null'] },
            paymentCompleted: { type: 'boolean' },
          },
          required: ['appartementId', 'startDate', 'endDate', 'guestsCount'],
        },
        response: { 201: { type: 'object', properties: { reservation: reservationSchema } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const body = request.body;
      if (body.paymentMethod != null && !(PAYMENT_METHODS as readonly string[]).includes(body.paymentMethod)) {
        throw badRequest(`Moyen de paiement invalide. Valeurs acceptées : ${PAYMENT_METHODS.join(', ')}.`);
      }
      const reservation = await createReservation(db, user, {
        appartementId: body.appartementId,
        startDate: body.startDate,
        endDate: body.endDate,
        guestsCount: body.guestsCount,
        paymentMethod: body.paymentMethod ?? null,
        ...(body.paymentCompleted !== undefined ? { paymentCompleted: body.paymentCompleted } : {}),
      });
      return reply.status(201).send({ reservation });
    },
  );

  app.get(
    '/reservations/user',
    {
      preHandler: requireUser,
      schema: { tags: ['Réservations'], summary: 'Mes réservations, les plus récentes d’abord', security: [{ bearer: [] }], response: { 200: { type: 'array', items: reservationSchema }, ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reservationsOf(db, caller(request).user);
    },
  );
}
