/**
 * The owner estimate form (spec section 5: nom and email required; prenom and message optional),
 * plus the consent checkbox and the honeypot of DECISIONS 28: the request is sent to the API.
 */
import { OWNER_LEAD_THANKS } from 'shared-kernel';

export interface OwnerRequest {
  nom: string;
  prenom: string;
  email: string;
  message: string;
  consentement: boolean;
  /** Honeypot: hidden from people; a bot that fills it gets the usual answer and nothing is stored. */
  siteWeb: string;
}

export type OwnerRequestErrors = Partial<Record<'nom' | 'email' | 'consentement', string>>;

export const EMPTY_OWNER_REQUEST: OwnerRequest = { nom: '', prenom: '', email: '', message: '', consentement: false, siteWeb: '' };

export const NOM_REQUIRED = 'Veuillez indiquer votre nom.';
export const EMAIL_INVALID = 'Veuillez indiquer une adresse email valide.';
export const CONSENT_REQUIRED = 'Veuillez accepter d’être recontacté pour recevoir votre estimation.';
export const SEND_FAILED = 'Votre demande n’a pas pu être envoyée. Veuillez réessayer.';

/** What the alert says once the lead is stored (DECISIONS 28). */
export const OWNER_FORM_SENT_MESSAGE = OWNER_LEAD_THANKS;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Field errors of the form; empty when it can be submitted. */
export function validateOwnerRequest(request: OwnerRequest): OwnerRequestErrors {
  const errors: OwnerRequestErrors = {};
  if (request.nom.trim() === '') errors.nom = NOM_REQUIRED;
  if (!isValidEmail(request.email)) errors.email = EMAIL_INVALID;
  if (!request.consentement) errors.consentement = CONSENT_REQUIRED;
  return errors;
}

/** The request as sent: surrounding spaces removed, empty optional fields left out. */
export function ownerLeadPayload(request: OwnerRequest): Record<string, string | boolean> {
  const payload: Record<string, string | boolean> = {
    nom: request.nom.trim(),
    email: request.email.trim(),
    consentement: request.consentement,
  };
  if (request.prenom.trim() !== '') payload.prenom = request.prenom.trim();
  if (request.message.trim() !== '') payload.message = request.message.trim();
  if (request.siteWeb !== '') payload.siteWeb = request.siteWeb;
  return payload;
}
