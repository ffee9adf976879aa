/** POST /reservations and GET /reservations/user (spec section 7, DECISIONS 7-9). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CGV_VERSION, PAYMENT_METHODS, type PaymentMethod } from 'shared-kernel/domain';
import {
  formatIban,
  ibanProblem,
  invalidStatusMessage,
  isReservationStatus,
  maskIban,
  normalizeIban,
  titulaireProblem,
  type StayLimits,
} from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import { awaitsTransferRefund } from '../payments/refunds.js';
import { instructionsFor } from '../payments/virement.js';
import { ledgerSummary } from '../ledger/ledger.js';
import type { AppDb } from '../../db/client.js';
import { caller, requireUser } from '../../auth/guard.js';
import { badRequest, conflict } from '../../http/errors.js';
import {
  errorResponses,
  idParams,
  instructionsVirementSchema,
  listOf,
  mouvementSchema,
  NullableString,
  reservationSchema,
} from '../../http/schemas.js';
import { AT_LEAST_ONE_ADULT, parseTravellers, type Travellers } from '../pricing/quote.js';
import { checkTransition, createReservation, isReviewed, reservationFor, reservationsOf, setStatus, validateStay } from './service.js';
import { setRefundAccount, withMoney } from './money.js';
import { reservationTerms } from './terms.js';
import { accesSchema } from '../acces/schemas.js';

const BookingBody = Type.Object({
  appartementId: Type.Integer({ minimum: 1 }),
  startDate: Type.String({ maxLength: 10 }),
  endDate: Type.String({ maxLength: 10 }),
  guestsCount: Type.Optional(Type.Integer({ description: 'Total des voyageurs ; sans `adultes`, tous comptés comme adultes.' })),
  adultes: Type.Optional(Type.Integer()),
  enfants: Type.Optional(Type.Integer({ description: 'Mineurs de moins de 18 ans (exonérés de taxe de séjour).' })),
  totalPrice: Type.Optional(Type.Number({ description: 'Ignoré : le serveur calcule le total.' })),
  paymentMethod: Type.Optional(NullableString({ description: 'card, paypal, applepay (Stripe configuré) ou virement (par défaut).' })),
  accepteCgv: Type.Optional(Type.Boolean({ description: 'Doit valoir true : le client accepte les conditions générales de vente.' })),
});
type BookingBody = Static<typeof BookingBody>;

const StatusBody = Type.Object({
  status: Type.String({ maxLength: 100 }),
  raison: Type.Optional(
    Type.String({
      maxLength: 500,
      description: 'Obligatoire pour confirmer une réservation dont l’acompte n’est pas reçu : gardée dans les comptes.',
    }),
  ),
});

const IbanBody = Type.Object({ iban: Type.String({ maxLength: 64 }), titulaire: Type.String({ maxLength: 200 }) });

/** A reservation with what its page shows about money (the guest and admins only). */
const reservationDetailSchema = {
  ...reservationSchema,
  properties: {
    ...reservationSchema.properties,
    mouvements: { type: 'array', items: mouvementSchema },
    soldeEnLigne: { type: 'boolean' },
    attenteIban: { type: 'boolean' },
    ibanRemboursement: { type: ['object', 'null'], properties: { titulaire: { type: 'string' }, iban: { type: 'string' } } },
  },
} as const;

export const CGV_REQUIRED = 'Vous devez accepter les conditions générales de vente pour réserver.';

const isPaymentMethod = (value: string): value is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(value);

/** Adults and children; without them (older clients), every guest of guestsCount is an adult. */
function travellersOf(body: BookingBody): Travellers {
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
  server: FastifyInstance,
  { db, stayLimits, settings }: { db: AppDb; stayLimits: StayLimits; settings: PaymentSettings },
): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { payments, reservationEvents: events } = app;

  app.post(
    '/reservations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary:
          'Réserver un séjour (le serveur calcule le prix, l’acompte et le solde) ; paiement Stripe (redirectUrl) ou virement (instructionsVirement)',
        security: [{ bearer: [] }],
        body: BookingBody,
        response: {
          201: {
            type: 'object',
            properties: {
              reservation: reservationSchema,
              redirectUrl: { type: 'string' },
              instructionsVirement: instructionsVirementSchema,
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const body = request.body;
      const method = body.paymentMethod ?? 'virement';
      if (!isPaymentMethod(method)) {
        throw badRequest(`Moyen de paiement invalide. Valeurs acceptées : ${PAYMENT_METHODS.join(', ')}.`);
      }
      if (!payments.methodAvailable(method)) {
        throw badRequest(`Ce moyen de paiement n'est pas disponible. Moyens acceptés : ${payments.options().methodes.join(', ')}.`);
      }
      if (body.accepteCgv !== true) throw badRequest(CGV_REQUIRED);
      const travellers = travellersOf(body);
      const now = new Date();
      validateStay(body.startDate, body.endDate, stayLimits);
      // DECISIONS 34: a transfer must arrive 24 h before the arrival day, and takes up to a day.
      if (method === 'virement') {
        const refusal = payments.transferRefusal(body.startDate, now);
        if (refusal) throw badRequest(refusal);
      }
      // Holds and transfer deadlines already past free their dates before this stay is checked against them.
      await payments.expireOverdue();
      const created = await createReservation(
        db,
        user,
        {
          appartementId: body.appartementId,
          startDate: body.startDate,
          endDate: body.endDate,
          travellers,
          paymentMethod: method,
          paiementEcheance: payments.deadlineFor(method, body.startDate, now),
          soldeJours: settings.soldeJours,
          now,
          cgvVersion: CGV_VERSION,
          cgvAccepteeLe: now,
        },
        stayLimits,
      );
      const { reservation, row } = created;
      if (method === 'virement') {
        const instructionsVirement = instructionsFor(row, await ledgerSummary(db, row.id), settings);
        await events.publish({ type: 'reçue', reservationId: reservation.id });
        return reply
          .status(201)
          .send({ reservation: { ...reservation, instructionsVirement }, ...(instructionsVirement ? { instructionsVirement } : {}) });
      }
      // On failure the reservation is cancelled (dates freed) and the guest gets a 503 in French.
      const redirectUrl = await payments.startCheckout(
        row,
        method,
        created.titre,
        user.email,
        `/appartement/${reservation.appartement?.slug ?? ''}/checkout`,
      );
      await events.publish({ type: 'reçue', reservationId: reservation.id });
      return reply.status(201).send({ reservation, redirectUrl });
    },
  );

  app.get(
    '/reservations/user',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: 'Mes réservations, les plus récentes d’abord',
        security: [{ bearer: [] }],
        response: { 200: { type: 'array', items: reservationSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reservationsOf(db, caller(request).user);
    },
  );

  app.get(
    '/reservations/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary: "Une réservation, avec l'appartement et le client (son auteur ou un administrateur)",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: {
            ...reservationDetailSchema,
            properties: {
              ...reservationDetailSchema.properties,
              avisLaisse: { type: 'boolean' },
              // Issue 27 item 2: the apartment's own times and its cancellation policy as dated windows.
              appartement: {
                ...reservationDetailSchema.properties.appartement,
                properties: {
                  ...reservationDetailSchema.properties.appartement.properties,
                  arrivee: { type: 'string' },
                  depart: { type: 'string' },
                  politiqueAnnulation: { type: 'string' },
                },
              },
              annulation: {
                type: ['object', 'null'],
                properties: {
                  politique: { type: 'string' },
                  fenetres: listOf({ jusquau: { type: ['string', 'null'] }, remboursementAcomptePourcent: { type: 'integer' } }),
                },
              },
              // Issue 30 item 3: the guest's own confirmed stay only; absent otherwise.
              acces: accesSchema,
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { user } = caller(request);
      // The success page polls here after Stripe: an expired hold is shown as such, not as still pending.
      await payments.expireOverdue();
      const reservation = await reservationFor(db, user, Number(request.params.id));
      // The detail page shows 'Vous avez déjà laissé un avis pour ce séjour.' at once rather than an empty form.
      return {
        ...(await withMoney(db, reservation, settings)),
        ...(await reservationTerms(db, user, reservation)),
        avisLaisse: await isReviewed(db, reservation.id),
      };
    },
  );

  app.put(
    '/reservations/:id/status',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary:
          'Changer le statut (le client annule la sienne ; un administrateur fixe tout statut ; confirmer sans acompte reçu demande une raison)',
        security: [{ bearer: [] }],
        params: idParams,
        body: StatusBody,
        response: { 200: { type: 'object', properties: { reservation: reservationDetailSchema } }, ...errorResponses },
      },
    },
    async (request) => {
      const { status, raison } = request.body;
      if (!isReservationStatus(status)) throw badRequest(invalidStatusMessage(status));
      const { user } = caller(request);
      const before = await reservationFor(db, user, Number(request.params.id));
      await checkTransition(db, user, before, status);
      if (before.status !== status) {
        // Cancelling and confirming move money (books, refunds): the payments module changes the status with it, in one transaction.
        if (status === 'annulée') await payments.cancel(before.id, { par: user.role === 'admin' ? 'admin' : 'client', userId: user.id });
        else if (status === 'confirmée') await payments.confirm(before.id, user.id, raison);
        else {
          await setStatus(db, before.id, status);
          if (status === 'terminée') await events.publish({ type: 'terminée', reservationId: before.id });
        }
      }
      // The page shows the answer as it is: with the books and what to do next (a refund's IBAN).
      return { reservation: await withMoney(db, await reservationFor(db, user, before.id), settings) };
    },
  );

  app.put(
    '/reservations/:id/iban',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Réservations'],
        summary:
          'Où rembourser par virement : l’IBAN (clé ISO 13616 vérifiée) et le titulaire du compte (le client ou un administrateur, tant qu’un remboursement par virement attend)',
        security: [{ bearer: [] }],
        params: idParams,
        body: IbanBody,
        response: {
          200: {
            type: 'object',
            properties: { ibanRemboursement: { type: 'object', properties: { titulaire: { type: 'string' }, iban: { type: 'string' } } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = caller(request);
      const reservation = await reservationFor(db, user, Number(request.params.id));
      const problem = ibanProblem(request.body.iban) ?? titulaireProblem(request.body.titulaire);
      if (problem) throw badRequest(problem);
      // Asked only when a refund goes by transfer: no bank details are kept without a reason to (GDPR).
      if (!(await awaitsTransferRefund(db, reservation.id))) throw conflict(NO_TRANSFER_REFUND);
      const iban = normalizeIban(request.body.iban);
      const titulaire = request.body.titulaire.trim();
      await setRefundAccount(db, reservation.id, { iban, titulaire });
      return { ibanRemboursement: { titulaire, iban: maskIban(formatIban(iban)) } };
    },
  );
}

export const NO_TRANSFER_REFUND = "Aucun remboursement par virement n'attend de coordonnées bancaires pour cette réservation.";
