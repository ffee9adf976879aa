/**
 * Which payment methods the site offers (Stripe's when configured, the transfer always) and the
 * deadlines they give an unpaid reservation (DECISIONS 21): read from the settings once.
 */
import { STRIPE_METHODS, type PaymentMethod, type PaymentOptions } from 'shared-kernel/domain';
import { transferDeadline, transferRefusal } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';

/** A day as the refusals and the balance's page say it ('12 juillet 2026'). */
export const frenchDay = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function paymentOptions(settings: PaymentSettings) {
  const stripeSettings = settings.stripe;
  const enabled: PaymentMethod[] = [
    ...(stripeSettings ? STRIPE_METHODS.filter((m) => stripeSettings.methods.includes(m)) : []),
    'virement',
  ];
  return {
    options: (): PaymentOptions => ({
      methodes: enabled,
      delaiVirementHeures: settings.virement.delaiHeures,
      delaiStripeMinutes: stripeSettings?.holdMinutes ?? 0,
      soldeJoursAvantArrivee: settings.soldeJours,
    }),
    methodAvailable: (method: PaymentMethod) => enabled.includes(method),
    deadlineFor(method: PaymentMethod, startDate: string, now = new Date()): Date {
      if (method === 'virement') return transferDeadline(now, startDate, settings.virement.delaiHeures);
      return new Date(now.getTime() + (stripeSettings?.holdMinutes ?? 30) * 60_000);
    },
    transferRefusal: (startDate: string, now = new Date()) =>
      transferRefusal(
        now,
        startDate,
        settings.virement.delaiHeures,
        enabled.some((m) => m !== 'virement'),
        frenchDay,
      ),
  };
}
