/**
 * What a guest's cancellation gives back of a paid deposit (spec section 3 policies, issue 13):
 * Flexible: everything up to 24 hours before arrival; Modérée: up to 5 days; Stricte: half up to
 * 7 days. Outside its window the deposit is kept. Arrival is midnight of the arrival day, Paris time.
 */
import type { PolitiqueAnnulation } from '../domain/types.js';

interface Window {
  hoursBefore: number;
  /** Share of the deposit refunded inside the window. */
  share: number;
}

const WINDOWS: Record<PolitiqueAnnulation, Window> = {
  Flexible: { hoursBefore: 24, share: 1 },
  Modérée: { hoursBefore: 5 * 24, share: 1 },
  Stricte: { hoursBefore: 7 * 24, share: 0.5 },
};

function windowOf(politique: string): Window {
  return WINDOWS[politique as PolitiqueAnnulation] ?? WINDOWS.Flexible;
}

/** Paris wall-clock time of an instant, as milliseconds of a UTC date with the same digits. */
function parisWallClock(now: Date): number {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** Hours from `now` to the arrival day's midnight in Paris (negative once it has begun). */
export function hoursBeforeArrival(startDate: string, now: Date): number {
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  return (Date.UTC(y, m - 1, d) - parisWallClock(now)) / 3_600_000;
}

/** Cents refunded when the guest cancels at `now` a stay whose deposit of `depositCents` was paid. */
export function refundOnGuestCancellation(politique: string, startDate: string, depositCents: number, now: Date): number {
  const window = windowOf(politique);
  if (hoursBeforeArrival(startDate, now) < window.hoursBefore) return 0;
  return Math.round(depositCents * window.share);
}

/** The policy in one French sentence (checkout and reservation detail). */
export function cancellationPolicyText(politique: string): string {
  const window = windowOf(politique);
  const delay = window.hoursBefore % 24 === 0 && window.hoursBefore > 24 ? `${window.hoursBefore / 24} jours` : `${window.hoursBefore} heures`;
  return window.share === 1
    ? `Annulation gratuite jusqu'à ${delay} avant votre arrivée : l'acompte est remboursé. Passé ce délai, l'acompte n'est pas remboursable.`
    : `Annulation jusqu'à ${delay} avant votre arrivée : la moitié de l'acompte est remboursée. Passé ce délai, l'acompte n'est pas remboursable.`;
}
