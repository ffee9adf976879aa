/**
 * Payments (issue 13, DECISIONS 21; issue 31, DECISIONS 32-35): the deposit by Stripe's hosted
 * checkout (confirmed by its signed webhook) or by bank transfer (confirmed by an admin), the balance
 * before arrival, unpaid holds that expire, cancellations and the refunds they owe. Every amount is a
 * movement of the books (`ledger/`), written in the same transaction as the change it accounts for;
 * events (mails) and calls to Stripe's Refunds API follow the commit.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { STRIPE_METHODS, type Paiement, type PaymentMethod, type PaymentOptions } from 'shared-kernel/domain';
import { transferDeadline, transferRefusal } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import { sqlState, type AppDb } from '../../db/client.js';
import { paiements, reservations } from '../../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import { depositPaid, ledgerSummary, recordMovement } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import { CANCELLED_IS_CLOSED, DATES_TAKEN } from '../reservations/service.js';
import { AfterCommit } from './after-commit.js';
import { balanceReceived, startBalanceCheckout } from './balance.js';
import { cancelStay, type CancelOutcome, type Canceller } from './cancellation.js';
import { createStripeRefunder, listRefunds, markRefundDone, oweRefund, type AdminRefund, type StripeRefunder } from './refunds.js';
import { createStripe, stripeMethodTypes } from './stripe-client.js';
import { handleStripeWebhook } from './stripe-webhook.js';
import { transferReference } from './virement.js';

type ReservationRow = typeof reservations.$inferSelect;
type PaiementRow = typeof paiements.$inferSelect;

export const PAYMENT_UNAVAILABLE =
  'Le paiement en ligne est momentanément indisponible. Veuillez réessayer ou choisir le virement bancaire.';
export const NOT_AWAITING_DEPOSIT = "L'acompte de cette réservation est déjà reçu.";
export const REASON_REQUIRED =
  "Cette réservation n'a pas reçu son acompte : indiquez la raison de la confirmer sans lui (3 à 500 caractères).";
export { BAD_SIGNATURE } from './stripe-webhook.js';

/** The scheduler's name of the job that cancels unpaid holds and overdue transfers. */
export const PAYMENT_EXPIRY_JOB = 'paiements-echeances';
/** The job that asks Stripe again for refunds it has not accepted yet (a crash, an outage). */
export const STRIPE_REFUNDS_JOB = 'remboursements-stripe';

export const cents = (euros: number) => Math.round(Number(euros) * 100);

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
  const enabled: PaymentMethod[] = [
    ...(stripeSettings ? STRIPE_METHODS.filter((m) => stripeSettings.methods.includes(m)) : []),
    'virement',
  ];
  const frenchDay = (iso: string) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

  /** After a commit: the refunds to ask Stripe for, then the events. */
  const announce = (after: AfterCommit, outcome: CancelOutcome | null) => {
    const stripeIds = outcome?.refunds.filter((r) => r.moyen === 'stripe').map((r) => r.id) ?? [];
    if (stripeIds.length > 0) after.push(async () => void (await refunder.request(stripeIds)));
  };

  async function cancel(reservationId: number, actor: Actor, now = new Date()): Promise<CancelOutcome | null> {
    const after = new AfterCommit();
    const outcome = await db.transaction(async (tx) => {
      const done = await cancelStay(tx, reservationId, { par: actor.par, auteurId: actor.userId ?? null }, now);
      if (done) await events.publishIn(tx, { type: 'annulée', reservationId, par: actor.par, remboursementCents: done.remboursementCents });
      return done;
    });
    if (!outcome) return null;
    announce(after, outcome);
    after.push(() => expireStripeSessions(reservationId));
    await after.run(log);
    return outcome;
  }

  /** Best effort: an open session can no longer be paid (else a late payment is refunded by the webhook). */
  async function expireStripeSessions(reservationId: number): Promise<void> {
    if (!stripe) return;
    const open = await db
      .select()
      .from(paiements)
      .where(and(eq(paiements.reservationId, reservationId), eq(paiements.etat, 'en attente')));
    for (const row of open) {
      if (!row.stripeSessionId) continue;
      await db
        .update(paiements)
        .set({ etat: 'annulé', updatedAt: new Date() })
        .where(and(eq(paiements.id, row.id), eq(paiements.etat, 'en attente')));
      try {
        await stripe.checkout.sessions.expire(row.stripeSessionId);
      } catch (error) {
        // Already completed or expired on Stripe's side: the webhook tells us which.
        log(error, 'expiration de session Stripe');
      }
    }
  }

  return {
    options: () => ({
      methodes: enabled,
      delaiVirementHeures: settings.virement.delaiHeures,
      delaiStripeMinutes: stripeSettings?.holdMinutes ?? 0,
      soldeJoursAvantArrivee: settings.soldeJours,
    }),
    methodAvailable: (method) => enabled.includes(method),
    deadlineFor(method, startDate, now = new Date()) {
      if (method === 'virement') return transferDeadline(now, startDate, settings.virement.delaiHeures);
      return new Date(now.getTime() + (stripeSettings?.holdMinutes ?? 30) * 60_000);
    },
    transferRefusal: (startDate, now = new Date()) =>
      transferRefusal(
        now,
        startDate,
        settings.virement.delaiHeures,
        enabled.some((m) => m !== 'virement'),
        frenchDay,
      ),

    async startCheckout(row, method, apartmentTitle, email, returnPath) {
      if (!stripe || !stripeSettings) throw badRequest('Ce moyen de paiement n’est pas disponible.');
      const amount = cents(row.deposit);
      const whole = cents(row.remainder) === 0;
      const back = `${siteOrigin}${returnPath}${returnPath.includes('?') ? '&' : '?'}reservation=${row.id}`;
      // Stripe keeps a session open at least 30 minutes; our hold may be shorter, then the expiry job closes it.
      const expiresAt = Math.max(row.paiementEcheance?.getTime() ?? 0, Date.now() + 31 * 60_000);
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            locale: 'fr',
            // A filter on what Stripe finds eligible (API 2026-10-28): only the method the guest chose on our page.
            allowed_payment_method_types: stripeMethodTypes(method, stripeSettings.methods),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'eur',
                  unit_amount: amount,
                  product_data: {
                    name: `${whole ? 'Séjour' : 'Acompte'} – ${apartmentTitle}`,
                    description: `Séjour du ${row.startDate} au ${row.endDate}, réservation ${transferReference(row.id)}`,
                  },
                },
              },
            ],
            metadata: { reservationId: String(row.id) },
            payment_intent_data: { metadata: { reservationId: String(row.id) } },
            client_reference_id: String(row.id),
            customer_email: email,
            expires_at: Math.floor(expiresAt / 1000),
            success_url: `${back}&paiement=ok`,
            cancel_url: `${back}&paiement=annule`,
          },
          { idempotencyKey: `checkout-${row.id}` },
        );
        // What the server asked: the webhook checks the session, reservation and amount against this row.
        await db.insert(paiements).values({
          reservationId: row.id,
          fournisseur: 'stripe',
          type: 'acompte',
          montantCents: amount,
          etat: 'en attente',
          stripeSessionId: session.id,
        });
        if (!session.url) throw new Error('session without url');
        return session.url;
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

    async expireOverdue() {
      const overdue = await db
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.status, 'en attente'), lt(reservations.paiementEcheance, sql`now()`)))
        .orderBy(asc(reservations.id));
      let count = 0;
      for (const { id } of overdue) {
        const after = new AfterCommit();
        const outcome = await db.transaction(async (tx) => {
          // Checked again under the row's lock: a payment that just arrived wins over the deadline.
          const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
          if (!row || row.status !== 'en attente' || !row.paiementEcheance || row.paiementEcheance.getTime() > Date.now()) return null;
          if (depositPaid(await ledgerSummary(tx, id))) return null;
          const done = await cancelStay(tx, id, { par: 'système' });
          if (done)
            await events.publishIn(tx, { type: 'annulée', reservationId: id, par: 'système', remboursementCents: done.remboursementCents });
          return done;
        });
        if (!outcome) continue;
        count += 1;
        announce(after, outcome);
        after.push(() => expireStripeSessions(id));
        await after.run(log);
      }
      return count;
    },

    async depositReceived(reservationId, adminId) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
        if (!row) throw notFound('Réservation introuvable.');
        const ledger = await ledgerSummary(tx, reservationId);
        if (depositPaid(ledger)) throw conflict(NOT_AWAITING_DEPOSIT);
        const amount = Math.max(ledger.acompteDuCents, cents(row.deposit));
        await recordMovement(tx, {
          reservationId,
          type: 'acompte_recu',
          montantCents: amount,
          moyen: 'virement',
          reference: transferReference(reservationId),
          auteur: 'admin',
          auteurId: adminId,
        });
        if (row.status === 'annulée') {
          // DECISIONS 33: money for a cancelled stay is not applied to it: it is a refund to make.
          await oweRefund(tx, reservationId, amount, {
            auteur: 'admin',
            auteurId: adminId,
            note: 'Virement reçu pour une réservation annulée',
          });
          await events.publishIn(tx, {
            type: 'paiement non appliqué',
            reservationId,
            montantCents: amount,
            motif: 'virement reçu pour une réservation annulée : à rembourser au client',
          });
          return;
        }
        if (row.status === 'en attente') {
          await tx
            .update(reservations)
            .set({ status: 'confirmée', paiementEcheance: null, updatedAt: new Date() })
            .where(eq(reservations.id, reservationId));
          await events.publishIn(tx, { type: 'confirmée', reservationId });
        }
      });
    },

    startBalanceCheckout: (reservationId, email) =>
      startBalanceCheckout({ db, stripe, settings, siteOrigin, frenchDay }, reservationId, email),
    balanceReceived: (reservationId, adminId) => balanceReceived(db, events, reservationId, adminId),

    cancel,

    async confirm(reservationId, adminId, raison) {
      const note = raison?.trim() ?? '';
      const confirmed = await db
        .transaction(async (tx) => {
          const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
          if (!row) throw notFound('Réservation introuvable.');
          if (row.status === 'confirmée') return false;
          const ledger = await ledgerSummary(tx, reservationId);
          if (row.status === 'annulée' && ledger.mouvements > 0) throw conflict(CANCELLED_IS_CLOSED);
          if (!depositPaid(ledger) && ledger.acompteDuCents > 0) {
            if (note.length < 3 || note.length > 500) throw badRequest(REASON_REQUIRED);
            // The deposit stays due (no deadline any more): the reason is kept in the books, beside it.
            await recordMovement(tx, {
              reservationId,
              type: 'acompte_du',
              montantCents: 0,
              auteur: 'admin',
              auteurId: adminId,
              note: `Confirmée sans acompte reçu : ${note}`,
            });
          }
          await tx
            .update(reservations)
            .set({ status: 'confirmée', paiementEcheance: null, updatedAt: new Date() })
            .where(eq(reservations.id, reservationId));
          return true;
        })
        .catch((error: unknown) => {
          // Re-activating a cancelled stay whose dates were taken since.
          if (sqlState(error) === '23P01') throw conflict(DATES_TAKEN);
          throw error;
        });
      if (confirmed) await events.publish({ type: 'confirmée', reservationId });
    },

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
