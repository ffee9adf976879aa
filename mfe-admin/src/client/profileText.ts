/** How the admin client profile shows a user's fields: real values only, 'Non spécifié' otherwise (DECISIONS 15). */
import { formatLongDate, parseJsonish } from 'shared-kernel';

export const NOT_SPECIFIED = 'Non spécifié';
export const LOAD_FAILED = 'Impossible de charger les informations du client';
export const HISTORY_FAILED = 'Impossible de charger les réservations';
export const NO_RESERVATION = 'Aucune réservation trouvée';

/** A text, or 'Non spécifié' when there is none. */
export function orNotSpecified(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : NOT_SPECIFIED;
}

/** 5 janvier 2026 (the raw text if it is not a date), or 'Non spécifié'. */
export function dateOrNotSpecified(value: string | null | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') return NOT_SPECIFIED;
  const text = value.trim();
  // Only an ISO date is reformatted; any other text is shown as written, never guessed.
  return (/^\d{4}-\d{2}-\d{2}/.test(text) && formatLongDate(text)) || text;
}

export function roleLabel(role: string): string {
  if (role === 'admin') return 'Administrateur';
  if (role === 'client') return 'Client';
  return orNotSpecified(role);
}

const PAYMENT_LABELS: Readonly<Record<string, string>> = { card: 'Carte bancaire', paypal: 'PayPal', applepay: 'Apple Pay' };

export function paymentLabel(value: string | null | undefined): string {
  const text = orNotSpecified(value);
  return PAYMENT_LABELS[text.toLowerCase()] ?? text;
}

/** The first letter of a name, for an avatar without photo. */
export function initialOf(name: string): string {
  const letter = name.trim().charAt(0);
  return letter ? letter.toLocaleUpperCase('fr-FR') : '?';
}

/** 'langueParDefaut' or 'langue_par_defaut' -> 'Langue par defaut'. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-zà-ÿ0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One preference value in words: Oui / Non, lists joined with commas, nested objects as "clé : valeur". */
export function describeValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Oui' : 'Non';
  if (Array.isArray(value)) {
    const parts = value.map(describeValue).filter((part) => part !== NOT_SPECIFIED);
    return parts.length > 0 ? parts.join(', ') : NOT_SPECIFIED;
  }
  if (isRecord(value)) {
    const parts = Object.entries(value).map(([k, v]) => `${humanizeKey(k)} : ${describeValue(v)}`);
    return parts.length > 0 ? parts.join(' ; ') : NOT_SPECIFIED;
  }
  return orNotSpecified(value);
}

/** The preferences (an object, possibly sent as JSON text) as label and value pairs; none when empty. */
export function describePreferences(value: unknown): Array<[string, string]> {
  const parsed = parseJsonish(value);
  if (isRecord(parsed)) return Object.entries(parsed).map(([key, v]) => [humanizeKey(key), describeValue(v)]);
  if (Array.isArray(parsed)) {
    const text = describeValue(parsed);
    return text === NOT_SPECIFIED ? [] : [['Préférences', text]];
  }
  if (parsed === undefined && typeof value === 'string' && value.trim() !== '') return [['Préférences', value.trim()]];
  if (typeof parsed === 'string' || typeof parsed === 'number' || typeof parsed === 'boolean') {
    const text = describeValue(parsed);
    return text === NOT_SPECIFIED ? [] : [['Préférences', text]];
  }
  return [];
}
