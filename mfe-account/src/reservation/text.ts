/** Texts of the reservation page (spec sections 2, 4 and 8), verbatim where the spec gives them. */

export const PAGE_TITLE = 'Détails de la réservation';
export const LOAD_ERROR_TITLE = 'Erreur!';
export const LOAD_ERROR_TEXT = 'Impossible de récupérer les détails de la réservation. Veuillez réessayer plus tard.';
export const NOT_FOUND_TITLE = 'Attention!';
export const NOT_FOUND_TEXT = 'Réservation introuvable.';
export const NOT_SPECIFIED = 'Non spécifié';

export const CANCEL_CONFIRMATION = 'Êtes-vous sûr de vouloir annuler cette réservation ?';
export const STATUS_UPDATE_FAILED = 'Erreur lors de la mise à jour du statut. Veuillez réessayer.';
export const NO_ACTION_TEXT = "Aucune action n'est possible sur cette réservation.";

export function statusUpdatedText(status: string): string {
  return `Statut mis à jour avec succès: ${status}`;
}

export const REVIEW_ALREADY_SENT = 'Vous avez déjà laissé un avis pour ce séjour.';
export const REVIEW_PUBLISHED = 'Merci ! Votre avis a été publié.';
export const REVIEW_FAILED = 'Impossible de publier votre avis. Veuillez réessayer.';
export const REVIEW_NEEDS_RATING = 'Veuillez choisir une note.';
export const REVIEW_NEEDS_COMMENT = 'Veuillez écrire un commentaire.';
/** The server's limits for a review's comment. */
export const REVIEW_COMMENT_MIN = 3;
export const REVIEW_COMMENT_MAX = 2000;

const PAYMENT_METHOD_LABEL: Readonly<Record<string, string>> = {
  card: 'Carte bancaire',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  virement: 'Virement bancaire',
};

export function paymentMethodLabel(method: string | null | undefined): string | null {
  return method ? (PAYMENT_METHOD_LABEL[method] ?? method) : null;
}
