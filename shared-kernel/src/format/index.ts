/**
 * fr-FR formatting. Plain YYYY-MM-DD dates are formatted as calendar dates, never shifted by a time zone.
 *
 * Numbers, euros and calendar dates are written by hand, not with Intl: the first Intl formatter a
 * page makes costs the browser 40-60 ms on a desktop (it loads the locale's ICU data), four times that
 * on a mid-range phone, and every public page formats prices while it hydrates (issue 17). The unit
 * tests hold each of them to Intl's own output. Instants in Paris time still use Intl (time zone data).
 */
import { parseIsoDate } from '../rules/stay.js';

/** Made on first use, not when the kernel loads: a formatter costs milliseconds (issue 17). */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** Beyond this a double has no exact cents: such numbers (and NaN, infinities) go to Intl. */
const HAND_FORMAT_LIMIT = 1e15;

/**
 * `value` with `minDecimals` to `maxDecimals` decimals, as fr-FR writes it with plain spaces
 * ("1 234,5", "-0,25"), or null where Intl must decide. Like Intl (ICU), it rounds the shortest
 * decimal that reads back as the double ("1.005", not 1.00499…) half away from zero.
 */
function frenchNumber(value: number, maxDecimals: number, minDecimals: number): string | null {
  if (!Number.isFinite(value) || Math.abs(value) >= HAND_FORMAT_LIMIT || minDecimals > maxDecimals) return null;
  const shortest = String(Math.abs(value));
  if (shortest.includes('e')) return null;
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, maxDecimals).padEnd(maxDecimals, '0');
  if ((fraction[maxDecimals] ?? '0') >= '5') digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  const wholeDigits = digits.slice(0, digits.length - maxDecimals) || '0';
  let decimals = digits.slice(digits.length - maxDecimals);
  while (decimals.length > minDecimals && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+$)/g, ' ');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

const euro = onFirstUse(
  () => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 }),
);

/** Intl uses narrow no-break spaces; tests and screen readers read them as spaces. */
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

const decimals = new Map<string, Intl.NumberFormat>();

/** A number in French with at most `maxDecimals` decimals (and at least `minDecimals`): "4,6", "5,0", "42,5". */
export function formatDecimal(value: number, maxDecimals: number, minDecimals = 0): string {
  const handWritten = frenchNumber(value, maxDecimals, minDecimals);
  if (handWritten !== null) return handWritten;
  const key = `${minDecimals}-${maxDecimals}`;
  let format = decimals.get(key);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: minDecimals, maximumFractionDigits: maxDecimals });
    decimals.set(key, format);
  }
  return plainSpaces(format.format(value));
}

/**
 * Euros as fr-FR currency writes them, whole euros without decimals: "120 €", and with cents always
 * two decimals, "120,50 €" (never "120,5 €": a price and a stay's total read the same way).
 */
export function formatEuro(amount: number): string {
  const handWritten = frenchNumber(amount, 2, 2);
  const text = handWritten === null ? plainSpaces(euro().format(amount)) : `${handWritten} €`;
  return text.replace(/,00 €$/, ' €');
}

function asUtcDate(value: string | Date): Date | null {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? null : new Date(Date.UTC(value.getFullYear(), value.getMonth(), value.getDate()));
  // A plain calendar date is read as such, and an impossible one (30 February) is not rolled over.
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return parseIsoDate(value);
  const iso = parseIsoDate(value.slice(0, 10));
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? iso : new Date(Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate()));
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** 21/11/2026 */
export function formatDateFr(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? `${twoDigits(d.getUTCDate())}/${twoDigits(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}` : '';
}

/** 21 novembre */
export function formatDayMonth(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` : '';
}

/** 21 novembre 2026 */
export function formatLongDate(value: string | Date): string {
  const d = asUtcDate(value);
  return d ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : '';
}

/** "1 nuit", "3 nuits" */
export function pluralize(count: number, singular: string, plural: string = `${singular}s`): string {
  return `${count} ${count > 1 ? plural : singular}`;
}

const dateTimeParis = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Paris',
    }),
);
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

/**
 * French alphabetical order for labels (places, names): accents and case count only between words
 * that are otherwise equal ("Écluse" sorts with the E). Intl.Collator would cost the first render
 * its ICU data; the tests hold this to it on the site's kinds of labels.
 */
export function compareFrench(a: string, b: string): number {
  const fa = foldAccents(a);
  const fb = foldAccents(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  // Same letters and accents: lower case first, as the French collation orders them.
  return a === b ? 0 : a > b ? -1 : 1;
}

/** Lower case without accents, for searching and sorting: "Cathédrale" → "cathedrale". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The browser's wording of amounts and days for the payment texts of `rules/payment-schedule`. */
export const MONEY_WORDS: { cents: (value: number) => string; day: (iso: string) => string } = { cents: formatCents, day: formatLongDate };
