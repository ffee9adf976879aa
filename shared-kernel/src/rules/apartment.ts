/** Apartment form rules shared by the admin forms and the API (spec section 5). */

export const IMAGE_URL_MAX_LENGTH = 499;
export const SMOOBU_ID_MIN = 1_000_000;
export const SMOOBU_ID_MAX = 9_999_999;
export const CANCELLATION_POLICIES = ['Flexible', 'Modérée', 'Stricte'] as const;

export const IMAGE_URL_INVALID = 'Veuillez entrer une URL valide commençant par http:// ou https://';
export const IMAGE_URL_TOO_LONG = "L'URL est trop longue. Veuillez entrer une URL plus courte.";

/** The message for an image URL that breaks a rule, or null. Files served by this site (/media/...) are accepted too. */
export function imageUrlProblem(url: string): string | null {
  if (url.length > IMAGE_URL_MAX_LENGTH) return IMAGE_URL_TOO_LONG;
  if (!/^https?:\/\/[^\s]+$/.test(url) && !/^\/media\/[^\s]+$/.test(url)) return IMAGE_URL_INVALID;
  return null;
}

/** A random external id for the channel manager, 1,000,000 to 9,999,999. */
export function randomSmoobuId(random: () => number = Math.random): number {
  return SMOOBU_ID_MIN + Math.floor(random() * (SMOOBU_ID_MAX - SMOOBU_ID_MIN + 1));
}
