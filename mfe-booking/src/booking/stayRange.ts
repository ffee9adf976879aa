/**
 * Which stays can be picked (DECISIONS 7): stays are half-open date ranges [arrival, departure), so
 * only the nights arrival … departure − 1 must be free; the departure day may be the first night of
 * another stay. Dates are plain calendar dates (YYYY-MM-DD), converted to and from the calendar's
 * local Dates without any time-zone shift.
 */
import { lastArrivalDay, nightsBetween, parseIsoDate, stayNights, toIsoDate, type StayLimits } from 'shared-kernel';

/** A YYYY-MM-DD date as a local Date at midnight (what the calendar shows); null when invalid. */
export function isoToLocalDate(iso: string): Date | null {
  const utc = parseIsoDate(iso);
  return utc ? new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate()) : null;
}

/** Today's calendar date in the browser. */
export function todayIso(now: Date = new Date()): string {
  return toIsoDate(now);
}

/** The nights of [start, end) that are unavailable. */
export function blockedNights(startIso: string, endIso: string, unavailable: ReadonlySet<string>): string[] {
  return stayNights(startIso, endIso).filter((night) => unavailable.has(night));
}

/** The server's stay limits as the calendar applies them, from today. */
export interface CalendarLimits {
  /** The last day a stay may start on. */
  lastArrival: string;
  maxNights: number;
}

export function calendarLimits(limits: StayLimits | null, today: string): CalendarLimits | null {
  return limits ? { lastArrival: lastArrivalDay(today, limits.maxMonthsAhead), maxNights: limits.maxNights } : null;
}

/**
 * A stay can be booked: valid dates, departure after arrival, arrival not in the past, every night
 * free, and within the server's limits when they are known.
 */
export function isRangeAvailable(
  startIso: string,
  endIso: string,
  unavailable: ReadonlySet<string>,
  today: string = todayIso(),
  limits: CalendarLimits | null = null,
): boolean {
  if (!parseIsoDate(startIso) || !parseIsoDate(endIso)) return false;
  if (startIso < today || endIso <= startIso) return false;
  if (limits && (startIso > limits.lastArrival || nightsBetween(startIso, endIso) > limits.maxNights)) return false;
  return blockedNights(startIso, endIso, unavailable).length === 0;
}

/** The first unavailable day after `startIso`: the last possible departure day of a stay starting then. */
export function firstUnavailableAfter(startIso: string, unavailable: ReadonlySet<string>): string | null {
  let first: string | null = null;
  for (const day of unavailable) if (day > startIso && (first === null || day < first)) first = day;
  return first;
}

export interface DayRules {
  today: string;
  unavailable: ReadonlySet<string>;
  /** While the departure is being picked: the arrival already chosen. */
  pendingStart: string | null;
  /** The server's limits; null when unknown (the server still checks). */
  limits?: CalendarLimits | null;
}

/**
 * A day the calendar disables: a past day, an arrival later than the limit or, while the departure
 * is picked, a departure making the stay longer than the limit; or an unavailable day, except the
 * first unavailable day after a chosen arrival while the departure is picked (leaving on that day is
 * allowed).
 */
export function isDayDisabled(iso: string, { today, unavailable, pendingStart, limits = null }: DayRules): boolean {
  if (iso < today) return true;
  if (limits) {
    const departure = pendingStart !== null && iso > pendingStart;
    if (departure ? nightsBetween(pendingStart, iso) > limits.maxNights : iso > limits.lastArrival) return true;
  }
  if (!unavailable.has(iso)) return false;
  return !(pendingStart !== null && iso === firstUnavailableAfter(pendingStart, unavailable));
}
