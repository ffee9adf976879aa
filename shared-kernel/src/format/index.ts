/** fr-FR formatting with Intl. Plain YYYY-MM-DD dates are formatted as calendar dates, never shifted by a time zone. */
import { parseIsoDate } from '../rules/stay.js';

/**
 * Formatters are made on first use, not when the kernel loads: each one costs the browser milliseconds
 * (the Paris ones load time zone data), on the path of every page's first render (issue 17).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const euro = onFirstUse(() => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 0 }));
const dateFr = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }));
const dayMonth = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' }));
const longDate = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));

/** Intl uses narrow no-break spaces; tests and screen readers read them as spaces. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const decimals = new Map<string, Intl.NumberFormat>();

/** A number in French with at most `maxDecimals` decimals (and at least `minDecimals`): "4,6", "5,0", "42,5". */
export function formatDecimal(value: number, maxDecimals: number, minDecimals = 0): string {
  const key = `${minDecimals}-${maxDecimals}`;
  let format = decimals.get(key);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    decimals.set(key, format);
  }
  return plainSpaces(format.format(value));
}

export function formatEuro(amount: number): string {
  return plainSpaces(euro().format(amount));
}

function asUtcDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  // A plain calendar date is read as such, and an impossible one (30 February) is not rolled over.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return parseIsoDate(value);
  const iso = parseIsoDate(value.slice(0, 10));
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? iso : new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate()));
}

/** 21/11/2026 */
export function formatDateFr(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? dateFr().format(d) : '';
}

/** 21 novembre */
export function formatDayMonth(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? plainSpaces(dayMonth().format(d)) : '';
}

/** 21 novembre 2026 */
export function formatLongDate(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? plainSpaces(longDate().format(d)) : '';
}

/** "1 nuit", "3 nuits" */
export function pluralize(count: number, singular: string, plural: string = `${singular}s`): string {
  return `${count} ${count > 1 ? plural : singular}`;
}

const dateTimeParis = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }));
const timeParis = onFirstUse(() => new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' }));

/** An instant as Metz reads it: "25 novembre 2026 à 14:30". */
export function formatDateTimeParis(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : plainSpaces(dateTimeParis().format(d));
}

/** An instant's time in Metz: "14:30". */
export function formatTimeParis(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : plainSpaces(timeParis().format(d));
}

/** Cents as euros: 50000 -> "500 €". */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}
