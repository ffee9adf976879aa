/**
 * Cancellation conditions of each policy (spec section 5): how long before arrival a guest may cancel
 * and which share of the deposit comes back. The /cgv page states these numbers and the apartment page
 * its policy's sentence; a refund computed by the server must use `depositRefundShare`, so the terms
 * shown and the terms applied cannot drift apart.
 */
import type { PolitiqueAnnulation } from '../domain/types.js';

export interface CancellationRule {
  /** Hours before the arrival day (counted from its start, 00:00 UTC) up to which the refund applies. */
  hoursBeforeArrival: number;
  /** Percentage of the deposit refunded when cancelled within that window. */
  refundPercent: number;
  /** The sentence shown to guests. */
  text: string;
}

export const CANCELLATION_RULES: Readonly<Record<PolitiqueAnnulation, CancellationRule>> = {
  Flexible: { hoursBeforeArrival: 24, refundPercent: 100, text: "Annulation gratuite jusqu'à 24 heures avant l'arrivée." },
  Modérée: { hoursBeforeArrival: 5 * 24, refundPercent: 100, text: "Annulation gratuite jusqu'à 5 jours avant l'arrivée." },
  Stricte: { hoursBeforeArrival: 7 * 24, refundPercent: 50, text: "Remboursement de 50 % jusqu'à 7 jours avant l'arrivée." },
};

export function cancellationRule(policy: string): CancellationRule | undefined {
  return (CANCELLATION_RULES as Record<string, CancellationRule>)[policy];
}

/**
 * The share of the deposit (0 to 1) refunded for a cancellation at `cancelledAt` of a stay arriving on
 * `arrivalIso` (YYYY-MM-DD): the policy's percentage inside its window, nothing after it. An unknown
 * policy refunds nothing.
 */
export function depositRefundShare(policy: string, arrivalIso: string, cancelledAt: Date): number {
  const rule = cancellationRule(policy);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(arrivalIso);
  if (!rule || !m) return 0;
  const arrival = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const deadline = arrival - rule.hoursBeforeArrival * 3_600_000;
  return cancelledAt.getTime() <= deadline ? rule.refundPercent / 100 : 0;
}
