/**
 * Cancellation conditions of each policy (spec section 5): how long before arrival a guest may cancel
 * and which share of the deposit comes back. The /cgv page states these numbers, the apartment page
 * and the checkout their sentence, and the server's refund (issue 13) is computed here, so the terms
 * shown and the terms applied cannot drift apart. The window is counted back from midnight of the
 * arrival day, Paris time.
 */
import type { PolitiqueAnnulation } from '../domain/types.js';

export interface CancellationRule {
  /** Hours before the arrival day (from its start, 00:00 in Paris) up to which the refund applies. */
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

/** Paris wall-clock time of an instant, as milliseconds of a UTC date with the same digits. */
let parisClock: Intl.DateTimeFormat | undefined;
function parisWallClock(now: Date): number {
  const parts = (parisClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The instant a calendar day (YYYY-MM-DD) begins in Paris: 22:00 or 23:00 UTC the day before; null for a malformed date. */
export function parisMidnight(dayIso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dayIso);
  if (!m) return null;
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Paris changes its offset at 02:00 or 03:00, never around midnight: the offset at UTC midnight is the day's.
  const offset = parisWallClock(new Date(utcMidnight)) - utcMidnight;
  return new Date(utcMidnight - offset);
}

/** Hours from `now` to the arrival day's midnight in Paris (negative once it has begun); NaN for a malformed date. */
export function hoursBeforeArrival(arrivalIso: string, now: Date): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(arrivalIso);
  if (!m) return Number.NaN;
  return (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - parisWallClock(now)) / 3_600_000;
}

/**
 * The share of the deposit (0 to 1) refunded for a cancellation at `cancelledAt` of a stay arriving on
 * `arrivalIso` (YYYY-MM-DD): the policy's percentage inside its window, nothing after it. An unknown
 * policy or a malformed date refunds nothing.
 */
export function depositRefundShare(policy: string, arrivalIso: string, cancelledAt: Date): number {
  const rule = cancellationRule(policy);
  const hours = hoursBeforeArrival(arrivalIso, cancelledAt);
  if (!rule || Number.isNaN(hours)) return 0;
  return hours >= rule.hoursBeforeArrival ? rule.refundPercent / 100 : 0;
}

/** Cents refunded when the guest cancels at `now` a stay whose deposit of `depositCents` was paid. */
export function refundOnGuestCancellation(politique: string, startDate: string, depositCents: number, now: Date): number {
  return Math.round(depositCents * depositRefundShare(politique, startDate, now));
}

/** The policy in one French sentence with what happens to the deposit (checkout and reservation detail). */
export function cancellationPolicyText(politique: string): string {
  const rule = cancellationRule(politique) ?? CANCELLATION_RULES.Flexible;
  const hours = rule.hoursBeforeArrival;
  const delay = hours % 24 === 0 && hours > 24 ? `${hours / 24} jours` : `${hours} heures`;
  return rule.refundPercent === 100
    ? `Annulation gratuite jusqu'à ${delay} avant votre arrivée : l'acompte est remboursé. Passé ce délai, l'acompte n'est pas remboursable.`
    : `Annulation jusqu'à ${delay} avant votre arrivée : la moitié de l'acompte est remboursée. Passé ce délai, l'acompte n'est pas remboursable.`;
}
