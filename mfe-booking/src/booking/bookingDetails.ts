/**
 * The booking details the apartment page's panel hands to the checkout in the navigation state
 * (`location.state.booking`), read tolerantly: the state survives reloads and history moves, so it
 * may be stale or hand-made.
 */
import { parseIsoDate } from 'shared-kernel';
import { clampGuests } from './guests';

export interface BookingDetails {
  startDate: string;
  endDate: string;
  guestsCount: number;
  /** Issue 12: adults and children under 18 (guestsCount is their sum). */
  adultes?: number;
  enfants?: number;
  totalPrice: number;
}

/** What the checkout starts from: dates (null when missing or unusable) and the guest count. */
export interface CheckoutDraft {
  dates: { startDate: string; endDate: string } | null;
  guestsCount: number;
  /** Children under 18 among the guests (0 when the state does not say). */
  enfants: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The navigation state of the checkout: `{ booking }`. */
export function checkoutState(booking: BookingDetails): { booking: BookingDetails } {
  return { booking };
}

/**
 * The checkout's starting point, or null when the state holds no booking details at all (the page
 * then returns to the apartment). Dates that are invalid, reversed or already past are dropped (the
 * guest picks new ones).
 */
export function readCheckoutDraft(state: unknown, today: string): CheckoutDraft | null {
  if (!isRecord(state) || !isRecord(state.booking)) return null;
  const { startDate, endDate, guestsCount, enfants } = state.booking;
  const usable =
    typeof startDate === 'string' &&
    typeof endDate === 'string' &&
    parseIsoDate(startDate) !== null &&
    parseIsoDate(endDate) !== null &&
    endDate > startDate &&
    startDate >= today;
  const guests = clampGuests(guestsCount);
  // At least one adult: children are at most the guests minus one.
  const children = Math.min(Math.max(0, Math.trunc(Number(enfants)) || 0), guests - 1);
  return { dates: usable ? { startDate, endDate } : null, guestsCount: guests, enfants: children };
}
