/**
 * The deposit paid online (issue 13, DECISIONS 21): the Stripe Checkout Session of a new reservation,
 * and the expiry of the sessions still open when the reservation is cancelled. The webhook
 * (stripe-webhook.ts) confirms a payment; the balance's session is balance.ts's.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentMethod } from 'shared-kernel/domain';
import type { StripeSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { paiements, reservations } from '../../db/schema.js';
import { stayLineItems, stripeMethodTypes } from './stripe-client.js';
import { transferReference } from './virement.js';

export const cents = (euros: number) => Math.round(Number(euros) * 100);

/** Creates the session of a new reservation's deposit (or whole stay) and records what was asked; its URL. */
export async function createDepositCheckout(
  deps: { db: AppDb; stripe: Stripe; stripeSettings: StripeSettings; siteOrigin: string },
  row: typeof reservations.$inferSelect,
  method: PaymentMethod,
  apartmentTitle: string,
  email: string,
  returnPath: string,
): Promise<string> {
  const { db, stripe, stripeSettings, siteOrigin } = deps;
  const amount = cents(row.deposit);
  const whole = cents(row.remainder) === 0;
  const back = `${siteOrigin}${returnPath}${returnPath.includes('?') ? '&' : '?'}reservation=${row.id}`;
  // Stripe keeps a session open at least 30 minutes; our hold may be shorter, then the expiry job closes it.
  const expiresAt = Math.max(row.paiementEcheance?.getTime() ?? 0, Date.now() + 31 * 60_000);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      locale: 'fr',
      // A filter on what Stripe finds eligible (API 2026-10-28): only the method the guest chose on our page.
      allowed_payment_method_types: stripeMethodTypes(method, stripeSettings.methods),
      line_items: stayLineItems(
        amount,
        `${whole ? 'Séjour' : 'Acompte'} – ${apartmentTitle}`,
        `Séjour du ${row.startDate} au ${row.endDate}, réservation ${transferReference(row.id)}`,
      ),
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
}

/** Best effort: an open session can no longer be paid (else a late payment is refunded by the webhook). */
export async function expireStripeSessions(
  deps: { db: AppDb; stripe: Stripe | null; log: (err: unknown, what: string) => void },
  reservationId: number,
): Promise<void> {
  const { db, stripe, log } = deps;
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
