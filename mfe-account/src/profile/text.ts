/** Texts of the profile page (spec sections 2 and 8); the fallbacks agree with each field's gender. */

export const NOT_DEFINED = 'Non défini';
export const NOT_DEFINED_FEMININE = 'Non définie';
export const NO_INFORMATION = 'Aucune information';

export const PROFILE_LOAD_FAILED = 'Impossible de charger votre profil.';
export const RESERVATIONS_LOAD_FAILED = 'Impossible de charger vos réservations.';
export const NO_RESERVATION = "Vous n'avez pas encore de réservation.";

export const PROFILE_SAVED = 'Vos informations ont été mises à jour.';
export const PROFILE_SAVE_FAILED = 'Impossible de mettre à jour votre profil. Veuillez réessayer.';
export const NAME_REQUIRED = 'Veuillez saisir votre nom.';
export const EMAIL_LOCKED = "L'adresse email ne peut pas être modifiée.";

export const PHOTO_SAVED = 'Votre photo de profil a été mise à jour.';
export const PHOTO_SAVE_FAILED = "Impossible d'enregistrer la photo. Veuillez réessayer.";
export const NO_SERVER = 'Impossible de contacter le serveur. Vérifiez votre connexion internet.';

/** A value of the profile, or the fallback shown in its place. */
export function shownValue(value: string | null | undefined, fallback: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  return text || fallback;
}
