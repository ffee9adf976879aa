/** Guest counts (spec sections 5 and 9). */
import type { Appartement } from 'shared-kernel';

export const GUESTS_MIN = 1;
/** Checkout stepper: 1 to 10. */
export const CHECKOUT_GUESTS_MAX = 10;
/** Traveller select of the booking panel when the apartment's capacity is unknown. */
export const DEFAULT_CAPACITY = 4;

/** The panel's traveller choices: 1 to the apartment's capacity (4 when unknown or 0). */
export function travellerOptions(appartement: Pick<Appartement, 'capacite'>): number[] {
  const capacity = Math.trunc(Number(appartement.capacite?.voyageurs));
  const max = Number.isFinite(capacity) && capacity > 0 ? capacity : DEFAULT_CAPACITY;
  return Array.from({ length: max }, (_, i) => i + 1);
}

/** A guest count kept within [min, max] (an unreadable value becomes the minimum). */
export function clampGuests(value: unknown, min = GUESTS_MIN, max = CHECKOUT_GUESTS_MAX): number {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return min;
  return Math.min(max, Math.max(min, n));
}

/** '2 voyageur(s)' (the checkout's wording). */
export function guestsText(count: number): string {
  return `${count} voyageur(s)`;
}
