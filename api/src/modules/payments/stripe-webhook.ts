/**
 * Stripe's signed webhook, applied exactly once (issue 31, DECISIONS 33): the event's record
 * (`stripe_evenements`) and its effect on the books commit in ONE transaction, so a crash between
 * them leaves neither and Stripe's retry applies it; a replay finds the record and changes nothing.
 *
 * A paid Checkout Session is applied to its stay only when it is one the server created (its row in
 * `paiements`), for the reservation its metadata names, for the amount and in the currency the
 * server asked, on a stay that still waits for that money. Anything else is received in the books
 * and refunded at once through the Refunds API, and admins are told.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppDb } from '../../db/client.js';
import { paiements, reservations, stripeEvenements } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { depositPaid, heldCents, ledgerSummary, recordMovement } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import { AfterCommit } from './after-commit.js';
import { cancelStay } from './cancellation.js';
import { onChargeRefunded, onStripeRefund, oweRefund, type StripeRefunder } from './refunds.js';

export const BAD_SIGNATURE = 'Signature Stripe invalide.';

export interface StripeWebhookDeps {
  db: AppDb;
  stripe: Stripe;
  webhookSecret: string;
  events: ReservationEvents;
  refunder: StripeRefunder;
  log: (error: unknown, what: string) => void;
}

const euros = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
const intentOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** Verifies and applies one webhook delivery; false when this event was already applied. */
export async function handleStripeWebhook(deps: StripeWebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<boolean> {
  if (!signature) throw badRequest(BAD_SIGNATURE);
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret);
  } catch {
    throw badRequest(BAD_SIGNATURE);
  }
  const after = new AfterCommit();
  const fresh = await deps.db.transaction(async (tx) => {
    // A second delivery of the same event waits here for the first one's transaction, then finds its record.
    const [recorded] = await tx
      .insert(stripeEvenements)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvenements.id });
    if (!recorded) return false;
    await applyEvent(tx, deps, event, after);
    return true;
  });
  if (fresh) await after.run(deps.log);
  return fresh;
}

async function applyEvent(tx: AppDb, deps: StripeWebhookDeps, event: Stripe.Event, after: AfterCommit): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // 'completed' with 'unpaid' is a delayed method still on its way: its 'async_payment_succeeded' follows.
      if (event.data.object.payment_status === 'paid') await onSessionPaid(tx, deps, event.data.object, after);
      return;
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      await onSessionFailed(tx, deps, event.data.object, after);
      return;
    case 'charge.refunded':
      await onChargeRefunded(tx, event.data.object, after, deps.events);
      return;
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      await onStripeRefund(tx, event.data.object, after, deps.events);
      return;
    default:
      return;
  }
}

async function onSessionPaid(tx: AppDb, deps: StripeWebhookDeps, session: Stripe.Checkout.Session, after: AfterCommit): Promise<void> {
  const [asked] = await tx.select().from(paiements).where(eq(paiements.stripeSessionId, session.id)).for('update').limit(1);
  if (!asked) {
    // Not a session this site created (another integration on the account): nothing of ours to apply.
    deps.log(new Error(`session Stripe inconnue : ${session.id}`), 'webhook Stripe');
    return;
  }
  // The same session paid twice over (completed, then async_payment_succeeded): one payment, already in the books.
  if (asked.etat === 'payé') return;
  const reservationId = asked.reservationId;
  const intent = intentOf(session.payment_intent);
  const amount = session.amount_total ?? 0;
  await tx.update(paiements).set({ etat: 'payé', stripePaymentIntentId: intent, updatedAt: new Date() }).where(eq(paiements.id, asked.id));
  const [stay] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
  if (!stay) return;

  const currency = (session.currency ?? '').toLowerCase();
  if (currency !== 'eur') {
    // The books are in euros: money in another currency is not counted, it is given back whole.
    if (intent)
      after.push(
        async () =>
          void (await deps.stripe.refunds.create(
            { payment_intent: intent, metadata: { reservationId: String(reservationId) } },
            { idempotencyKey: `refund-devise-${session.id}` },
          )),
      );
    await deps.events.publishIn(tx, {
      type: 'paiement non appliqué',
      reservationId,
      montantCents: 0,
      motif: `paiement de ${amount} unités en ${currency.toUpperCase() || 'devise inconnue'} au lieu d’euros (session ${session.id}) : remboursé en entier par Stripe`,
    });
    return;
  }

  const kind = asked.type === 'solde' ? 'solde' : 'acompte';
  const before = await ledgerSummary(tx, reservationId);
  await recordMovement(tx, {
    reservationId,
    type: kind === 'solde' ? 'solde_recu' : 'acompte_recu',
    montantCents: amount,
    moyen: 'stripe',
    reference: intent ?? session.id,
    auteur: 'stripe',
    cle: `recu:${session.id}`,
  });

  const outstanding = kind === 'acompte' ? before.acompteDuCents - Math.max(0, heldCents(before)) : before.comptes.resteDuCents;
  const named = session.metadata?.['reservationId'];
  let motif: string | null = null;
  let refund = amount;
  if (named !== String(reservationId))
    motif = `la session ${session.id} de la réservation n° ${reservationId} annonce la réservation « ${named ?? 'aucune'} »`;
  else if (amount !== asked.montantCents) motif = `${euros(amount)} payés au lieu des ${euros(asked.montantCents)} demandés`;
  else if (stay.status === 'annulée') motif = 'la réservation était annulée';
  else if (outstanding <= 0) motif = kind === 'acompte' ? 'l’acompte était déjà payé' : 'le séjour était déjà payé';
  else if (amount > outstanding) {
    motif = `${euros(amount)} payés pour ${euros(outstanding)} restant dus : l’excédent est remboursé`;
    refund = amount - outstanding;
  }
  if (motif) {
    const rows = await oweRefund(tx, reservationId, refund, { auteur: 'système', note: `Paiement non appliqué : ${motif}` });
    after.push(async () => void (await deps.refunder.request(rows.filter((r) => r.moyen === 'stripe').map((r) => r.id))));
    await deps.events.publishIn(tx, { type: 'paiement non appliqué', reservationId, montantCents: refund, motif });
    if (refund === amount) return;
  }

  if (kind === 'acompte' && stay.status === 'en attente' && depositPaid(await ledgerSummary(tx, reservationId))) {
    await tx
      .update(reservations)
      .set({ status: 'confirmée', paiementEcheance: null, updatedAt: new Date() })
      .where(eq(reservations.id, reservationId));
    await deps.events.publishIn(tx, { type: 'confirmée', reservationId });
  } else if (kind === 'solde') {
    await deps.events.publishIn(tx, { type: 'solde reçu', reservationId });
  }
}

/** The session ran out or its delayed payment failed: an unpaid hold is cancelled (the balance can be asked again). */
async function onSessionFailed(tx: AppDb, deps: StripeWebhookDeps, session: Stripe.Checkout.Session, _after: AfterCommit): Promise<void> {
  const [asked] = await tx.select().from(paiements).where(eq(paiements.stripeSessionId, session.id)).for('update').limit(1);
  if (!asked || asked.etat === 'payé') return;
  await tx.update(paiements).set({ etat: 'expiré', updatedAt: new Date() }).where(eq(paiements.id, asked.id));
  if (asked.type !== 'acompte') return;
  const [stay] = await tx
    .select({ status: reservations.status })
    .from(reservations)
    .where(eq(reservations.id, asked.reservationId))
    .limit(1);
  if (stay?.status !== 'en attente' || depositPaid(await ledgerSummary(tx, asked.reservationId))) return;
  const outcome = await cancelStay(tx, asked.reservationId, { par: 'système' });
  if (outcome)
    await deps.events.publishIn(tx, {
      type: 'annulée',
      reservationId: asked.reservationId,
      par: 'système',
      remboursementCents: outcome.remboursementCents,
    });
}
