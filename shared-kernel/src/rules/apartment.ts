/** Apartment form rules shared by the admin forms and the API (spec section 5). */

export const IMAGE_URL_MAX_LENGTH = 499;
export const SMOOBU_ID_MIN = 1_000_000;
export const SMOOBU_ID_MAX = 9_999_999;
export const CANCELLATION_POLICIES = ['Flexible', 'Modérée', 'Stricte'] as const;

/** The numbers of an apartment's form and body, in the form's order. */
export const APARTMENT_NUMBER_FIELDS = ['prixParNuit', 'surface', 'voyageurs', 'chambres', 'lits', 'sallesDeBain'] as const;
export type ApartmentNumberField = (typeof APARTMENT_NUMBER_FIELDS)[number];

/** How a message names each number (« Le champ « surface » doit être… »): the form and the API say the same words. */
export const APARTMENT_NUMBER_LABELS: Readonly<Record<ApartmentNumberField, string>> = {
  prixParNuit: 'prix par nuit',
  surface: 'surface',
  voyageurs: 'nombre de voyageurs',
  chambres: 'nombre de chambres',
  lits: 'nombre de lits',
  sallesDeBain: 'nombre de salles de bain',
};

/** The smallest value of each number when an apartment is added, and when it is edited (spec section 5). */
export const APARTMENT_NUMBER_MINIMUMS: Readonly<Record<'add' | 'edit', Readonly<Record<ApartmentNumberField, number>>>> = {
  add: { prixParNuit: 1, surface: 1, voyageurs: 1, chambres: 0, lits: 1, sallesDeBain: 0 },
  edit: { prixParNuit: 0, surface: 0, voyageurs: 1, chambres: 0, lits: 1, sallesDeBain: 0 },
};

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
