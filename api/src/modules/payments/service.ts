/**
 * The deposit (issue 13, DECISIONS 21): Stripe's hosted checkout confirmed by its signed webhook, or a
 * bank transfer confirmed by an admin; unpaid holds and overdue transfers cancel their reservation
 * and free its dates; a cancellation refunds what the apartment's policy gives back. Every payment
 * event is a `paiements` row. Events are published after the change is saved.
 */
import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { STRIPE_METHODS, type Paiement, type PaymentMethod, type PaymentOptions } from 'shared-kernel/domain';
import { refundOnGuestCancellation } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import { appartements, paiements, reservations, stripeEvenements } from '../../db/schema.js';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { ReservationEvents } from '../reservations/events.js';
import { createStripe, stripeMethodTypes } from './stripe-client.js';

type ReservationRow = typeof reservations.$inferSelect;
type PaiementRow = typeof paiements.$inferSelect;

export const PAYMENT_UNAVAILABLE = 'Le paiement en ligne est momentanément indisponible. Veuillez réessayer ou choisir le virement bancaire.';
export const NOT_AWAITING_TRANSFER = "Cette réservation n'attend pas d'acompte par virement.";
export const BAD_SIGNATURE = 'Signature Stripe invalide.';

/** The scheduler's name of the job that cancels unpaid holds and overdue transfers. */
export const PAYMENT_EXPIRY_JOB = 'paiements-echeances';

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

export interface Payments {
  options(): PaymentOptions;
  methodAvailable(method: PaymentMethod): boolean;
  /** When an unpaid reservation made now with this method is cancelled by the system. */
  deadlineFor(method: PaymentMethod, now?: Date): Date;
  /** Records the transfer awaited for a new reservation. */
  recordTransferAwaited(row: ReservationRow): Promise<void>;
  /** Creates the Stripe Checkout Session of a new reservation; on failure cancels it (dates freed) and throws 503. */
  startCheckout(row: ReservationRow, method: PaymentMethod, apartmentTitle: string, email: string, returnPath: string): Promise<string>;
  /** Verifies and applies a Stripe webhook; false when the event was already handled. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean>;
  /** Cancels every reservation whose hold or transfer deadline has passed; returns how many. */
  expireOverdue(): Promise<number>;
  /** Admin: the transfer arrived. */
  depositReceived(reservationId: number): Promise<void>;
  /** After a cancellation: refunds per the policy (guest) or in full (admin). Cents refunded, 0 kept, null nothing paid. */
  settleCancellation(reservationId: number, by: 'client' | 'admin', now?: Date): Promise<number | null>;
  list(reservationId: number): Promise<Paiement[]>;
}

export function createPayments(options: { db: AppDb; settings: PaymentSettings; siteOrigin: string; events: ReservationEvents; log: (err: unknown, what: string) => void }): Payments {
  const { db, settings, siteOrigin, events, log } = options;
  const stripeSettings = settings.stripe;
  const stripe: Stripe | null = stripeSettings ? createStripe(stripeSettings) : null;
  const enabled: PaymentMethod[] = [...(stripeSettings ? STRIPE_METHODS.filter((m) => stripeSettings.methods.includes(m)) : []), 'virement'];

  async function cancelUnpaid(reservationId: number): Promise<boolean> {
    const [row] = await db
      .update(reservations)
      .set({ status: 'annulée', paiementEcheance: null, updatedAt: new Date() })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'en attente'), eq(reservations.paymentCompleted, false)))
      .returning({ id: reservations.id });
    if (!row) return false;
    await db.update(paiements).set({ etat: 'expiré', updatedAt: new Date() }).where(and(eq(paiements.reservationId, reservationId), eq(paiements.etat, 'en attente')));
    return true;
  }

  /** Best effort: an expired session can no longer be paid (else the webhook still refunds a late payment). */
  async function expireStripeSessions(reservationId: number): Promise<void> {
    if (!stripe) return;
    const rows = await db.select({ sessionId: paiements.stripeSessionId }).from(paiements).where(and(eq(paiements.reservationId, reservationId), isNotNull(paiements.stripeSessionId)));
    for (const { sessionId } of rows) {
      if (!sessionId) continue;
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Already completed or expired on Stripe's side: the webhook tells us which.
        log(error, 'expiration de session Stripe');
      }
    }
  }

  async function refund(paid: PaiementRow, amount: number): Promise<void> {
    if (amount <= 0) return;
    if (paid.fournisseur === 'stripe' && stripe && paid.stripePaymentIntentId) {
      try {
        const refunded = await stripe.refunds.create({ payment_intent: paid.stripePaymentIntentId, amount, metadata: { reservationId: String(paid.reservationId) } }, { idempotencyKey: `refund-${paid.id}` });
        await db.insert(paiements).values({ reservationId: paid.reservationId, fournisseur: 'stripe', type: 'remboursement', montantCents: amount, etat: 'remboursé', stripePaymentIntentId: paid.stripePaymentIntentId, stripeRefundId: refunded.id }).onConflictDoNothing();
        return;
      } catch (error) {
        log(error, 'remboursement Stripe');
      }
    }
    // A transfer (or a refund Stripe refused for now): the admin sees it as owed.
    await db.insert(paiements).values({ reservationId: paid.reservationId, fournisseur: paid.fournisseur, type: 'remboursement', montantCents: amount, etat: 'à rembourser', stripePaymentIntentId: paid.stripePaymentIntentId });
  }

  async function onSessionCompleted(session: Stripe.Checkout.Session): Promise<void> {
    if (session.payment_status !== 'paid') return;
    const reservationId = Number(session.metadata?.['reservationId']);
    if (!Number.isInteger(reservationId)) return;
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
    const amount = session.amount_total ?? 0;
    const updated = await db
      .update(paiements)
      .set({ etat: 'payé', stripePaymentIntentId: paymentIntent, montantCents: amount, updatedAt: new Date() })
      .where(eq(paiements.stripeSessionId, session.id))
      .returning();
    const paid =
      updated[0] ??
      (await db.insert(paiements).values({ reservationId, fournisseur: 'stripe', type: 'acompte', montantCents: amount, etat: 'payé', stripeSessionId: session.id, stripePaymentIntentId: paymentIntent }).returning())[0];
    if (!paid) return;
    const confirmed = await db
      .update(reservations)
      .set({ status: 'confirmée', paymentCompleted: true, paiementEcheance: null, updatedAt: new Date() })
      .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'en attente')))
      .returning({ id: reservations.id });
    if (confirmed.length > 0) {
      await events.publish({ type: 'confirmée', reservationId });
      return;
    }
    // Paid after the hold ran out: confirm again if the dates are still free, else give the money back.
    try {
      const revived = await db
        .update(reservations)
        .set({ status: 'confirmée', paymentCompleted: true, paiementEcheance: null, updatedAt: new Date() })
        .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'annulée'), isNull(reservations.acompteRembourseCents)))
        .returning({ id: reservations.id });
      if (revived.length > 0) await events.publish({ type: 'confirmée', reservationId });
      else await settleCancellation(reservationId, 'admin');
    } catch (error) {
      if (sqlState(error) !== '23P01') throw error;
      await settleCancellation(reservationId, 'admin');
    }
  }

  async function settleCancellation(reservationId: number, by: 'client' | 'admin', now = new Date()): Promise<number | null> {
    const [paid] = await db
      .select()
      .from(paiements)
      .where(and(eq(paiements.reservationId, reservationId), eq(paiements.type, 'acompte'), eq(paiements.etat, 'payé')))
      .orderBy(desc(paiements.id))
      .limit(1);
    if (!paid) {
      await db.update(paiements).set({ etat: 'annulé', updatedAt: new Date() }).where(and(eq(paiements.reservationId, reservationId), eq(paiements.etat, 'en attente')));
      await expireStripeSessions(reservationId);
      return null;
    }
    const [stay] = await db
      .select({ startDate: reservations.startDate, politique: appartements.politiqueAnnulation })
      .from(reservations)
      .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
      .where(eq(reservations.id, reservationId))
      .limit(1);
    if (!stay) return null;
    const amount = by === 'admin' ? paid.montantCents : refundOnGuestCancellation(stay.politique, stay.startDate, paid.montantCents, now);
    // Claimed once: two cancellations racing refund one time.
    const [claimed] = await db
      .update(reservations)
      .set({ acompteRembourseCents: amount, updatedAt: new Date() })
      .where(and(eq(reservations.id, reservationId), isNull(reservations.acompteRembourseCents)))
      .returning({ id: reservations.id });
    if (!claimed) return null;
    await refund(paid, amount);
    return amount;
  }

  return {
    options: () => ({ methodes: enabled, delaiVirementHeures: settings.virement.delaiHeures, delaiStripeMinutes: stripeSettings?.holdMinutes ?? 0 }),
    methodAvailable: (method) => enabled.includes(method),
    deadlineFor(method, now = new Date()) {
      const ms = method === 'virement' ? settings.virement.delaiHeures * 3_600_000 : (stripeSettings?.holdMinutes ?? 30) * 60_000;
      return new Date(now.getTime() + ms);
    },

    async recordTransferAwaited(row) {
      await db.insert(paiements).values({ reservationId: row.id, fournisseur: 'virement', type: 'acompte', montantCents: cents(row.deposit), etat: 'en attente' });
    },

    async startCheckout(row, method, apartmentTitle, email, returnPath) {
      if (!stripe || !stripeSettings) throw badRequest('Ce moyen de paiement n’est pas disponible.');
      const amount = cents(row.deposit);
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
            line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name: `Acompte – ${apartmentTitle}`, description: `Séjour du ${row.startDate} au ${row.endDate}, réservation SM-${row.id}` } } }],
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
        await db.insert(paiements).values({ reservationId: row.id, fournisseur: 'stripe', type: 'acompte', montantCents: amount, etat: 'en attente', stripeSessionId: session.id });
        if (!session.url) throw new Error('session without url');
        return session.url;
      } catch (error) {
        log(error, 'création de la session Stripe');
        if (await cancelUnpaid(row.id)) await events.publish({ type: 'annulée', reservationId: row.id, par: 'système', remboursementCents: null });
        throw new ApiError(503, PAYMENT_UNAVAILABLE);
      }
    },

    async handleWebhook(rawBody, signature) {
      if (!stripe || !stripeSettings) throw notFound('Ressource introuvable.');
      if (!signature) throw badRequest(BAD_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, stripeSettings.webhookSecret);
      } catch {
        throw badRequest(BAD_SIGNATURE);
      }
      // Replays (Stripe retries, or a captured request sent again) find the id and change nothing.
      const fresh = await db.insert(stripeEvenements).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvenements.id });
      if (fresh.length === 0) return false;
      try {
        if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
          await onSessionCompleted(event.data.object);
        } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
          const reservationId = Number(event.data.object.metadata?.['reservationId']);
          if (Number.isInteger(reservationId) && (await cancelUnpaid(reservationId))) {
            await events.publish({ type: 'annulée', reservationId, par: 'système', remboursementCents: null });
          }
        }
      } catch (error) {
        // Not recorded as handled: Stripe sends it again.
        await db.delete(stripeEvenements).where(eq(stripeEvenements.id, event.id));
        throw error;
      }
      return true;
    },

    async expireOverdue() {
      const overdue = await db
        .update(reservations)
        .set({ status: 'annulée', paiementEcheance: null, updatedAt: new Date() })
        .where(and(eq(reservations.status, 'en attente'), eq(reservations.paymentCompleted, false), lt(reservations.paiementEcheance, sql`now()`)))
        .returning({ id: reservations.id });
      for (const { id } of overdue) {
        await db.update(paiements).set({ etat: 'expiré', updatedAt: new Date() }).where(and(eq(paiements.reservationId, id), eq(paiements.etat, 'en attente')));
        await expireStripeSessions(id);
        await events.publish({ type: 'annulée', reservationId: id, par: 'système', remboursementCents: null });
      }
      return overdue.length;
    },

    async depositReceived(reservationId) {
      const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
      if (!row) throw notFound('Réservation introuvable.');
      if (row.paymentMethod !== 'virement' || row.paymentCompleted || row.status !== 'en attente') throw conflict(NOT_AWAITING_TRANSFER);
      const [confirmed] = await db
        .update(reservations)
        .set({ status: 'confirmée', paymentCompleted: true, paiementEcheance: null, updatedAt: new Date() })
        .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'en attente'), eq(reservations.paymentCompleted, false)))
        .returning({ id: reservations.id });
      if (!confirmed) throw conflict(NOT_AWAITING_TRANSFER);
      const marked = await db
        .update(paiements)
        .set({ etat: 'payé', updatedAt: new Date() })
        .where(and(eq(paiements.reservationId, reservationId), eq(paiements.fournisseur, 'virement'), eq(paiements.etat, 'en attente')))
        .returning({ id: paiements.id });
      if (marked.length === 0) await db.insert(paiements).values({ reservationId, fournisseur: 'virement', type: 'acompte', montantCents: cents(row.deposit), etat: 'payé' });
      await events.publish({ type: 'confirmée', reservationId });
    },

    settleCancellation,

    async list(reservationId) {
      const rows = await db.select().from(paiements).where(eq(paiements.reservationId, reservationId)).orderBy(asc(paiements.createdAt), asc(paiements.id));
      return rows.map(toApiPaiement);
    },
  };
}

