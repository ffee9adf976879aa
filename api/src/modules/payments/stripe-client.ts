/**
 * The official Stripe SDK, configured from STRIPE_*: api.stripe.com by default, or another endpoint
 * (tests point it at a local fake with the SDK's documented host/port/protocol settings).
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config.js';

export function createStripe(settings: StripeSettings): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    options.host = url.hostname;
    options.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(settings.secretKey, options);
}

/** Card covers Apple Pay and Google Pay on Stripe's page; PayPal is its own method type. */
export function stripeMethodTypes(method: string, enabled: readonly string[]): ('card' | 'paypal')[] {
  if (method === 'paypal' && enabled.includes('paypal')) return ['paypal'];
  return ['card'];
}

/** A Checkout session's single line: one stay's amount in euro cents, as the guest's receipt names it. */
export function stayLineItems(amount: number, name: string, description: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  return [{ quantity: 1, price_data: { currency: 'eur', unit_amount: amount, product_data: { name, description } } }];
}
