/** Stay pricing (spec sections 5 and 9, DECISIONS 7): the same rules price a stay in the browser and on the server. */

export const DEPOSIT_EUR = 500;
const DAY_MS = 86_400_000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a plain calendar date (YYYY-MM-DD) as UTC midnight; `null` when it is not a real date. */
export function parseIsoDate(value: string): Date | null {
  const m = ISO_DATE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** A local Date (e.g. a calendar pick) as YYYY-MM-DD, without any time-zone shift. */
export function toIsoDate(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDaysIso(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Date invalide : ${iso}`);
  return new Date(date.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` calendar months later (earlier when negative), clamped to that month's last day (31 Jan + 1 → 28 or 29 Feb). */
export function addMonthsIso(iso: string, months: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`Date invalide : ${iso}`);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** How long a stay may be and how far ahead it may start (STAY_MAX_NIGHTS, STAY_MAX_MONTHS_AHEAD on the server). */
export interface StayLimits {
  maxNights: number;
  maxMonthsAhead: number;
}

/** The last day a stay may start on: today plus `maxMonthsAhead` calendar months. */
export function lastArrivalDay(today: string, maxMonthsAhead: number): string {
  return addMonthsIso(today, maxMonthsAhead);
}

/** The last day a stay may end on: the longest stay from the last arrival day. */
export function lastDepartureDay(today: string, limits: StayLimits): string {
  return addDaysIso(lastArrivalDay(today, limits.maxMonthsAhead), limits.maxNights);
}

function toUtcDay(value: string | Date): number {
  if (typeof value === 'string') {
    const d = parseIsoDate(value);
    if (!d) throw new RangeError(`Date invalide : ${value}`);
    return d.getTime();
  }
  return Date.UTC(value.getFullYear(), value.getMonth(), value.getDate(), value.getHours(), value.getMinutes());
}

/** Nights = ceiling of the day difference, at least 1. */
export function nightsBetween(start: string | Date, end: string | Date): number {
  const diff = (toUtcDay(end) - toUtcDay(start)) / DAY_MS;
  return Math.max(1, Math.ceil(diff));
}

export function stayTotal(nights: number, prixParNuit: number): number {
  return Math.round(nights * prixParNuit * 100) / 100;
}

export interface PaymentSplit {
  total: number;
  /** Due now: 500 €, or the total when it is lower. */
  deposit: number;
  /** Debited automatically on arrival day. */
  remainder: number;
}

export function splitPayment(total: number): PaymentSplit {
  const deposit = Math.min(DEPOSIT_EUR, total);
  return { total, deposit, remainder: Math.round((total - deposit) * 100) / 100 };
}

/** Every night of a half-open stay [start, end): the departure day stays free. */
export function stayNights(startIso: string, endIso: string): string[] {
  const days: string[] = [];
  for (let day = startIso; day < endIso; day = addDaysIso(day, 1)) days.push(day);
  return days;
}

// A formatter per time zone, made once: building one costs more than a list page's own work (it showed in the API's profiles).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's calendar date in a given time zone (the server decides "today" in Europe/Paris). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
