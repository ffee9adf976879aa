/** The owner estimate form (spec section 5: nom and email required; prenom and message optional). */

export interface OwnerRequest {
  nom: string;
  prenom: string;
  email: string;
  message: string;
}

export type OwnerRequestErrors = Partial<Record<'nom' | 'email', string>>;

export const EMPTY_OWNER_REQUEST: OwnerRequest = { nom: '', prenom: '', email: '', message: '' };

export const NOM_REQUIRED = 'Veuillez indiquer votre nom.';
export const EMAIL_INVALID = 'Veuillez indiquer une adresse email valide.';

/** What the alert says: the form does not send anything yet (spec section 1, DECISIONS 18). */
export const OWNER_FORM_PENDING_MESSAGE =
  'Merci pour votre demande ! Cette fonctionnalité sera bientôt disponible : votre demande n’a pas encore été transmise à notre équipe.';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Field errors of the form; empty when it can be submitted. */
export function validateOwnerRequest(request: OwnerRequest): OwnerRequestErrors {
  const errors: OwnerRequestErrors = {};
  if (request.nom.trim() === '') errors.nom = NOM_REQUIRED;
  if (!isValidEmail(request.email)) errors.email = EMAIL_INVALID;
  return errors;
}

/** The request with surrounding spaces removed, as it is logged. */
export function trimOwnerRequest(request: OwnerRequest): OwnerRequest {
  return { nom: request.nom.trim(), prenom: request.prenom.trim(), email: request.email.trim(), message: request.message.trim() };
}
