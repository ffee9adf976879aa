/**
 * The balance before arrival (issue 31, DECISIONS 34): payable from `solde_exigible_le` (N days
 * before arrival, fixed at booking), by the deposit's method — a Stripe Checkout Session the guest
 * opens from the reservation page (linked from the mails), or a transfer with the reference SM-<id>
 * an admin marks received. Never cancelled automatically: unpaid at arrival, admins see it in red.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { todayIn } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { paiements, reservations } from '../../db/schema.js';
import { ApiError, conflict, notFound } from '../../http/errors.js';
import { ledgerSummary, ledgerTotalsOf, recordMovement, summaryOfTotals } from '../ledger/ledger.js';
import { soldeResume } from '../ledger/summary.js';
import type { ReservationEvents } from '../reservations/events.js';
import { oweRefund } from './refunds.js';
import { stayLineItems } from './stripe-client.js';
import { balancePaidOnline, transferReference } from './virement.js';

export const NO_BALANCE = "Cette réservation n'a pas de solde à régler.";
export const BALANCE_PAID = 'Le solde de cette réservation est déjà réglé.';
export const BALANCE_BY_TRANSFER =
  'Le solde de cette réservation se règle par virement : ses coordonnées sont affichées sur la réservation.';
export const BALANCE_ONLINE_UNAVAILABLE = 'Le paiement en ligne est momentanément indisponible. Veuillez réessayer dans quelques minutes.';
export const balanceNotYet = (day: string) => `Le solde sera à régler à partir du ${day}.`;

const PARIS = 'Europe/Paris';

/** Opens (or reopens) the Stripe Checkout Session of a confirmed stay's balance; its URL. */
export async function startBalanceCheckout(
  deps: { db: AppDb; stripe: Stripe | null; settings: PaymentSettings; siteOrigin: string; frenchDay: (iso: string) => string },
  reservationId: number,
  email: string,
): Promise<string> {
  const { db, stripe, settings, siteOrigin } = deps;
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
  if (!row) throw notFound('Réservation introuvable.');
  const ledger = await ledgerSummary(db, reservationId);
  const solde = soldeResume(row, ledger, todayIn(PARIS));
  if (!solde || row.status !== 'confirmée') throw conflict(NO_BALANCE);
  if (solde.etat === 'payé') throw conflict(BALANCE_PAID);
  if (solde.etat === 'à venir') throw conflict(balanceNotYet(deps.frenchDay(solde.exigibleLe)));
  if (!stripe || !balancePaidOnline(row, settings)) throw conflict(BALANCE_BY_TRANSFER);
  const amount = solde.resteCents;

  // A session still open for this amount is reused: one balance, one page to pay it on.
  const open = await db
    .select()
    .from(paiements)
    .where(
      and(
        eq(paiements.reservationId, reservationId),
        eq(paiements.type, 'solde'),
        eq(paiements.etat, 'en attente'),
        eq(paiements.montantCents, amount),
      ),
    );
  for (const candidate of open) {
    if (!candidate.stripeSessionId) continue;
    try {
      const session = await stripe.checkout.sessions.retrieve(candidate.stripeSessionId);
      if (session.status === 'open' && session.url) return session.url;
    } catch {
      // Unknown to Stripe now: make a new one.
    }
    await db
      .update(paiements)
      .set({ etat: 'expiré', updatedAt: new Date() })
      .where(and(eq(paiements.id, candidate.id), eq(paiements.etat, 'en attente')));
  }
  const attempt =
    (
      await db
        .select({ id: paiements.id })
        .from(paiements)
        .where(and(eq(paiements.reservationId, reservationId), eq(paiements.type, 'solde')))
    ).length + 1;
  const back = `${siteOrigin}/reservation/${reservationId}`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        locale: 'fr',
        line_items: stayLineItems(
          amount,
          `Solde du séjour – réservation ${transferReference(reservationId)}`,
          `Séjour du ${row.startDate} au ${row.endDate}`,
        ),
        metadata: { reservationId: String(reservationId), objet: 'solde' },
        payment_intent_data: { metadata: { reservationId: String(reservationId), objet: 'solde' } },
        client_reference_id: String(reservationId),
        customer_email: email,
        // Stripe keeps a session at most 24 hours: the mails link to the reservation page, which opens a new one.
        expires_at: Math.floor((Date.now() + 23 * 3_600_000) / 1000),
        success_url: `${back}?paiement=ok`,
        cancel_url: `${back}?paiement=annule`,
      },
      { idempotencyKey: `solde-${reservationId}-${attempt}` },
    );
  } catch {
    throw new ApiError(503, BALANCE_ONLINE_UNAVAILABLE);
  }
  await db
    .insert(paiements)
    .values({ reservationId, fournisseur: 'stripe', type: 'solde', montantCents: amount, etat: 'en attente', stripeSessionId: session.id })
    .onConflictDoNothing();
  if (!session.url) throw new Error('session without url');
  return session.url;
}

/** Admin 'Solde reçu': the balance arrived by transfer (on a cancelled stay: received, then owed back). */
export async function balanceReceived(db: AppDb, events: ReservationEvents, reservationId: number, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
    if (!row) throw notFound('Réservation introuvable.');
    const ledger = await ledgerSummary(tx, reservationId);
    if (ledger.soldeDuCents <= 0) throw conflict(NO_BALANCE);
    const author = { auteur: 'admin' as const, auteurId: adminId };
    if (row.status === 'annulée') {
      await recordMovement(tx, {
        reservationId,
        type: 'solde_recu',
        montantCents: ledger.soldeDuCents,
        moyen: 'virement',
        reference: transferReference(reservationId),
        ...author,
      });
      await oweRefund(tx, reservationId, ledger.soldeDuCents, { ...author, note: 'Virement du solde reçu pour une réservation annulée' });
      await events.publishIn(tx, {
        type: 'paiement non appliqué',
        reservationId,
        montantCents: ledger.soldeDuCents,
        motif: 'virement du solde reçu pour une réservation annulée : à rembourser au client',
      });
      return;
    }
    if (ledger.comptes.resteDuCents <= 0) throw conflict(BALANCE_PAID);
    await recordMovement(tx, {
      reservationId,
      type: 'solde_recu',
      montantCents: ledger.comptes.resteDuCents,
      moyen: 'virement',
      reference: transferReference(reservationId),
      ...author,
    });
    await events.publishIn(tx, { type: 'solde reçu', reservationId });
  });
}

/** Confirmed stays whose balance is payable today and still owed, arriving from today on (for the mails). */
export async function balancesDue(db: AppDb, today: string): Promise<Array<{ id: number; startDate: string; resteCents: number }>> {
  const livre = ledgerTotalsOf(db, reservations.id);
  const rows = await db
    .select({ row: reservations, ledger: livre.columns })
    .from(reservations)
    .leftJoinLateral(livre.subquery, sql`true`)
    .where(and(eq(reservations.status, 'confirmée'), lte(reservations.soldeExigibleLe, today), gte(reservations.startDate, today)));
  return rows.flatMap(({ row, ledger }) => {
    // A stay whose books hold nothing yet has no balance to ask for.
    const solde = ledger.count > 0 ? soldeResume(row, summaryOfTotals(ledger), today) : null;
    return solde && solde.etat !== 'payé' && solde.etat !== 'à venir'
      ? [{ id: row.id, startDate: row.startDate, resteCents: solde.resteCents }]
      : [];
  });
}
