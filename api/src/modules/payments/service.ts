/**
 * Payments (issue 13, DECISIONS 21; issue 31, DECISIONS 32-35): the deposit by Stripe's hosted
 * checkout (confirmed by its signed webhook) or by bank transfer (confirmed by an admin), the balance
 * before arrival, unpaid holds that expire, cancellations and the refunds they owe. Every amount is a
 * movement of the books (`ledger/`), written in the same transaction as the change it accounts for;
 * events (mails) and calls to Stripe's Refunds API follow the commit.
 *
 * This file composes the concerns, each in its module: payment-options.ts (methods and deadlines),
 * stripe-checkout.ts and stripe-webhook.ts (Stripe), transfer-received.ts and virement.ts (bank
 * transfer), balance.ts, expiry.ts (unpaid holds), cancellation.ts, confirmation.ts, refunds.ts.
 */
import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Paiement, PaymentMethod, PaymentOptions } from 'shared-kernel/domain';
import type { PaymentSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { paiements, reservations } from '../../db/schema.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { ReservationEvents } from '../reservations/events.js';
import { AfterCommit } from './after-commit.js';
import { balanceReceived, startBalanceCheckout } from './balance.js';
import { cancelStay, type CancelOutcome, type Canceller } from './cancellation.js';
import { confirmReservation } from './confirmation.js';
import { expireOverdue } from './expiry.js';
import { frenchDay, paymentOptions } from './payment-options.js';
import { createStripeRefunder, listRefunds, markRefundDone, type AdminRefund, type StripeRefunder } from './refunds.js';
import { createStripe } from './stripe-client.js';
import { createDepositCheckout, expireStripeSessions } from './stripe-checkout.js';
import { handleStripeWebhook } from './stripe-webhook.js';
import { depositReceived } from './transfer-received.js';

type ReservationRow = typeof reservations.$inferSelect;
type PaiementRow = typeof paiements.$inferSelect;

export const PAYMENT_UNAVAILABLE =
  'Le paiement en ligne est momentanément indisponible. Veuillez réessayer ou choisir le virement bancaire.';
export { NOT_AWAITING_DEPOSIT } from './transfer-received.js';
export { REASON_REQUIRED } from './confirmation.js';
export { BAD_SIGNATURE } from './stripe-webhook.js';
export { PAYMENT_EXPIRY_JOB } from './expiry.js';
export { cents } from './stripe-checkout.js';

/** The job that asks Stripe again for refunds it has not accepted yet (a crash, an outage). */
export const STRIPE_REFUNDS_JOB = 'remboursements-stripe';

export function toApiPaiement(row: PaiementRow): Paiement {
  return {
    id: row.id,
    reservationId: row.reservationId,
    fournisseur: row.fournisseur,
    type: row.type,
    montantCents: row.montantCents,
    etat: row.etat,
    stripeSessionId: row.stripeSessionId,
    stripePaymentIntentId: row.stripePaymentIntentId,
    stripeRefundId: row.stripeRefundId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Who acts: the guest, an admin (by id), or the site itself. */
export interface Actor {
  par: Canceller;
  userId?: number | null;
}

export interface Payments {
  options(): PaymentOptions;
  methodAvailable(method: PaymentMethod): boolean;
  /** When an unpaid reservation of this stay, made now with this method, is cancelled by the system. */
  deadlineFor(method: PaymentMethod, startDate: string, now?: Date): Date;
  /** Why a transfer cannot pay this stay booked now (its arrival is too close), null when it can. */
  transferRefusal(startDate: string, now?: Date): string | null;
  /** Creates the Stripe Checkout Session of a new reservation; on failure cancels it (dates freed) and throws 503. */
  startCheckout(row: ReservationRow, method: PaymentMethod, apartmentTitle: string, email: string, returnPath: string): Promise<string>;
  /** Verifies and applies a Stripe webhook exactly once; false when the event was already applied. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean>;
  /** Cancels every reservation whose hold or transfer deadline has passed; returns how many. */
  expireOverdue(): Promise<number>;
  /** Admin: the deposit arrived by transfer (on a cancelled stay: received, then owed back). */
  depositReceived(reservationId: number, adminId: number): Promise<void>;
  /** The guest opens the Stripe page of the balance (a session reused while open); its URL. */
  startBalanceCheckout(reservationId: number, email: string): Promise<string>;
  /** Admin 'Solde reçu': the balance arrived by transfer. */
  balanceReceived(reservationId: number, adminId: number): Promise<void>;
  /** Cancels with its money (status, write-off, refunds owed) and announces it; null if it was already cancelled. */
  cancel(reservationId: number, actor: Actor, now?: Date): Promise<CancelOutcome | null>;
  /** Admin 'Confirmer': without the deposit received, only with a reason, kept as a movement's note. */
  confirm(reservationId: number, adminId: number, raison: string | undefined): Promise<void>;
  /** Asks Stripe for the refunds it has not accepted yet. */
  requestStripeRefunds(): Promise<number>;
  refunds(all: boolean): Promise<AdminRefund[]>;
  markRefundDone(id: number, day: string, reference: string, adminId: number): Promise<void>;
  list(reservationId: number): Promise<Paiement[]>;
}

export function createPayments(options: {
  db: AppDb;
  settings: PaymentSettings;
  siteOrigin: string;
  events: ReservationEvents;
  log: (err: unknown, what: string) => void;
}): Payments {
  const { db, settings, siteOrigin, events, log } = options;
  const stripeSettings = settings.stripe;
  const stripe: Stripe | null = stripeSettings ? createStripe(stripeSettings) : null;
  const refunder: StripeRefunder = createStripeRefunder(db, stripe, log);

  /** Once a cancellation has committed: the refunds to ask Stripe for, then the sessions to close. */
  async function afterCancel(reservationId: number, outcome: CancelOutcome): Promise<void> {
    const after = new AfterCommit();
    const stripeIds = outcome.refunds.filter((r) => r.moyen === 'stripe').map((r) => r.id);
    if (stripeIds.length > 0) after.push(async () => void (await refunder.request(stripeIds)));
    after.push(() => expireStripeSessions({ db, stripe, log }, reservationId));
    await after.run(log);
  }

  async function cancel(reservationId: number, actor: Actor, now = new Date()): Promise<CancelOutcome | null> {
    const outcome = await db.transaction(async (tx) => {
      const done = await cancelStay(tx, reservationId, { par: actor.par, auteurId: actor.userId ?? null }, now);
      if (done) await events.publishIn(tx, { type: 'annulée', reservationId, par: actor.par, remboursementCents: done.remboursementCents });
      return done;
    });
    if (!outcome) return null;
    await afterCancel(reservationId, outcome);
    return outcome;
  }

  return {
    ...paymentOptions(settings),

    async startCheckout(row, method, apartmentTitle, email, returnPath) {
      if (!stripe || !stripeSettings) throw badRequest('Ce moyen de paiement n’est pas disponible.');
      try {
        return await createDepositCheckout({ db, stripe, stripeSettings, siteOrigin }, row, method, apartmentTitle, email, returnPath);
      } catch (error) {
        log(error, 'création de la session Stripe');
        await cancel(row.id, { par: 'système' });
        throw new ApiError(503, PAYMENT_UNAVAILABLE);
      }
    },

    async handleWebhook(rawBody, signature) {
      if (!stripe || !stripeSettings) throw notFound('Ressource introuvable.');
      return handleStripeWebhook({ db, stripe, webhookSecret: stripeSettings.webhookSecret, events, refunder, log }, rawBody, signature);
    },

    expireOverdue: () => expireOverdue(db, events, afterCancel),
    depositReceived: (reservationId, adminId) => depositReceived(db, events, reservationId, adminId),
    startBalanceCheckout: (reservationId, email) =>
      startBalanceCheckout({ db, stripe, settings, siteOrigin, frenchDay }, reservationId, email),
    balanceReceived: (reservationId, adminId) => balanceReceived(db, events, reservationId, adminId),
    cancel,
    confirm: (reservationId, adminId, raison) => confirmReservation(db, events, reservationId, adminId, raison),
    requestStripeRefunds: () => refunder.request(),
    refunds: (all) => listRefunds(db, all),

    async markRefundDone(id, day, reference, adminId) {
      const after = new AfterCommit();
      await markRefundDone(db, id, { day, reference, adminId }, after, events);
      await after.run(log);
    },

    async list(reservationId) {
      const rows = await db
        .select()
        .from(paiements)
        .where(eq(paiements.reservationId, reservationId))
        .orderBy(asc(paiements.createdAt), asc(paiements.id));
      return rows.map(toApiPaiement);
    },
  };
}
