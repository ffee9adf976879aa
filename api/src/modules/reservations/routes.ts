/** POST /reservations and GET /reservations/user (spec section 7, DECISIONS 7-9). */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { CGV_VERSION, PAYMENT_METHODS, type InstructionsVirement, type PaymentMethod, type Reservation } from 'shared-kernel/domain';
import { invalidStatusMessage, isReservationStatus, type StayLimits } from 'shared-kernel/rules';
import type { VirementSettings } from '../../config.js';
import { reservations } from '../../db/schema.js';
import type { Payments } from '../payments/service.js';
import { instructionsFor } from '../payments/virement.js';
import type { AppDb } from '../../db/client.js';
import { caller, requireUser } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, idParams, instructionsVirementSchema, reservationSchema } from '../../http/schemas.js';
import { AT_LEAST_ONE_ADULT, parseTravellers, type Travellers } from '../pricing/quote.js';
import { changeStatus, createReservation, isReviewed, reservationFor, reservationsOf } from './service.js';
import type { ReservationEvents } from './events.js';

interface Body {
  appartementId: number;
  startDate: string;
  endDate: string;
  guestsCount?: number;
  adultes?: number;
  enfants?: number;
  totalPrice?: number;
  paymentMethod?: PaymentMethod | null;
  accepteCgv?: boolean;
}

export const CGV_REQUIRED = 'Vous devez accepter les conditions générales de vente pour réserver.';

/** Adults and children; without them (older clients), every guest of guestsCount is an adult. */
function travellersOf(body: Body): Travellers {
  if (body.adultes === undefined && body.enfants === undefined) {
    if (body.guestsCount === undefined) throw badRequest(AT_LEAST_ONE_ADULT);
    // Checked against the apartment's capacity by the quote, with the capacity message.
    return { adultes: body.guestsCount, enfants: 0 };
  }
  const travellers = parseTravellers(body.adultes, body.enfants ?? 0);
  if (body.guestsCount !== undefined && body.guestsCount !== travellers.adultes + travellers.enfants) {
    throw badRequest('Le nombre de voyageurs doit être égal au nombre d’adultes plus le nombre d’enfants.');
  }
  return travellers;
}

export async function reservationRoutes(
  app: FastifyInstance,
  { db, stayLimits, events, payments, virement }: { db: AppDb; stayLimits: StayLimits; events: ReservationEvents; payments: Payments; virement: VirementSettings },
): Promise<void> {
  /** The bank transfer instructions of a reservation, for its owner or an admin, while the transfer is awaited. */
  const withInstructions = async <T extends Reservation>(reservation: T): Promise<T & { instructionsVirement: InstructionsVirement | null }> => {
    const [row] = await db.select().from(reservations).where(eq(reservations.id, reservation.id)).limit(1);
    return { ...reservation, instructionsVirement: row ? instructionsFor(row, virement) : null };
  };

  app.post<{ Body: Body }>(
    '/reservations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: 'Réserver un séjour (le serveur calcule le prix, l’acompte et le solde) ; paiement Stripe (redirectUrl) ou virement (instructionsVirement)',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: {
            appartementId: { type: 'integer', minimum: 1 },
            startDate: { type: 'string', maxLength: 10 },
            endDate: { type: 'string', maxLength: 10 },
            guestsCount: { type: 'integer', description: 'Total des voyageurs ; sans `adultes`, tous comptés comme adultes.' },
            adultes: { type: 'integer' },
            enfants: { type: 'integer', description: 'Mineurs de moins de 18 ans (exonérés de taxe de séjour).' },
            totalPrice: { type: 'number', description: 'Ignoré : le serveur calcule le total.' },
            paymentMethod: { type: ['string', 'null'], description: 'card, paypal, applepay (Stripe configuré) ou virement (par défaut).' },
            accepteCgv: { type: 'boolean', description: 'Doit valoir true : le client accepte les conditions générales de vente.' },
          },
          required: ['appartementId', 'startDate', 'endDate'],
        },
        response: {
          201: { type: 'object', properties: { reservation: reservationSchema, redirectUrl: { type: 'string' }, instructionsVirement: instructionsVirementSchema } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const body = request.body;
      if (body.paymentMethod != null && !(PAYMENT_METHODS as readonly string[]).includes(body.paymentMethod)) {
        throw badRequest(`Moyen de paiement invalide. Valeurs acceptées : ${PAYMENT_METHODS.join(', ')}.`);
      }
      const method: PaymentMethod = body.paymentMethod ?? 'virement';
      if (!payments.methodAvailable(method)) {
        throw badRequest(`Ce moyen de paiement n'est pas disponible. Moyens acceptés : ${payments.options().methodes.join(', ')}.`);
      }
      if (body.accepteCgv !== true) throw badRequest(CGV_REQUIRED);
      const travellers = travellersOf(body);
      // Holds and transfer deadlines already past free their dates before this stay is checked against them.
      await payments.expireOverdue();
      const now = new Date();
      const created = await createReservation(
        db,
        user,
        { appartementId: body.appartementId, startDate: body.startDate, endDate: body.endDate, travellers, paymentMethod: method, paiementEcheance: payments.deadlineFor(method, now), cgvVersion: CGV_VERSION, cgvAccepteeLe: now },
        stayLimits,
      );
      const { reservation, row } = created;
      if (method === 'virement') {
        await payments.recordTransferAwaited(row);
        const instructionsVirement = instructionsFor(row, virement);
        await events.publish({ type: 'reçue', reservationId: reservation.id });
        return reply.status(201).send({ reservation: { ...reservation, instructionsVirement }, ...(instructionsVirement ? { instructionsVirement } : {}) });
      }
      // On failure the reservation is cancelled (dates freed) and the guest gets a 503 in French.
      const redirectUrl = await payments.startCheckout(row, method, created.titre, user.email, `/appartement/${reservation.appartement?.slug ?? ''}/checkout`);
      await events.publish({ type: 'reçue', reservationId: reservation.id });
      return reply.status(201).send({ reservation, redirectUrl });
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

  app.get<{ Params: { id: string } }>(
    '/reservations/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: "Une réservation, avec l'appartement et le client (son auteur ou un administrateur)",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: { ...reservationSchema, properties: { ...reservationSchema.properties, avisLaisse: { type: 'boolean' } } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { user } = caller(request);
      // The success page polls here after Stripe: an expired hold is shown as such, not as still pending.
      await payments.expireOverdue();
      const reservation = await reservationFor(db, user, Number(request.params.id));
      // The detail page shows 'Vous avez déjà laissé un avis pour ce séjour.' at once rather than an empty form.
      return { ...(await withInstructions(reservation)), avisLaisse: await isReviewed(db, reservation.id) };
    },
  );

  app.put<{ Params: { id: string }; Body: { status: string } }>(
    '/reservations/:id/status',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: 'Changer le statut (le client annule la sienne ; un administrateur fixe tout statut)',
        security: [{ bearer: [] }],
        params: idParams,
        body: { type: 'object', properties: { status: { type: 'string', maxLength: 100 } }, required: ['status'] },
        response: { 200: { type: 'object', properties: { reservation: reservationSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const { status } = request.body;
      if (!isReservationStatus(status)) throw badRequest(invalidStatusMessage(status));
      const { user } = caller(request);
      const before = await reservationFor(db, user, Number(request.params.id));
      let reservation = await changeStatus(db, user, before.id, status);
      if (before.status !== reservation.status) {
        if (status === 'annulée') {
          const par = user.role === 'admin' ? 'admin' : 'client';
          // The guest gets back what the apartment's policy gives; an admin's cancellation refunds in full.
          const remboursementCents = await payments.settleCancellation(reservation.id, par);
          reservation = await reservationFor(db, user, reservation.id);
          await events.publish({ type: 'annulée', reservationId: reservation.id, par, remboursementCents });
        } else if (status === 'confirmée' || status === 'terminée') await events.publish({ type: status, reservationId: reservation.id });
      }
      return { reservation };
    },
  );
}
