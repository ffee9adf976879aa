/**
 * A test server taking card payments from the fake Stripe (fake-stripe.ts), with the demo guest and
 * admin signed in and the flexible apartment to book, for the payment tests' suites.
 */
import { startFakeStripe, stripePaymentSettings, type FakeStripe } from '../fake-stripe.js';
import { startServer, type TestServer } from '../helpers.js';
import { apartmentIdBySlug, flexible } from './catalogue.js';

export async function startStripeServer(
  webhookSecret: string,
): Promise<{ fake: FakeStripe; server: TestServer; client: string; admin: string; apt: number }> {
  const fake = await startFakeStripe();
  const server = await startServer({ payments: stripePaymentSettings(fake, webhookSecret) });
  const client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
  const apt = await apartmentIdBySlug(server, flexible.slug);
  return { fake, server, client, admin, apt };
}

/** Posts a signed event to the webhook as Stripe does. */
export function deliverStripeEvent(server: TestServer, event: { body: string; signature: string }) {
  return server.request('POST', '/api/paiements/stripe/webhook', {
    rawBody: event.body,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  });
}
