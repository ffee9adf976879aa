/** Texts of the booking remote that tests and several components share (spec sections 2, 5 and 8). */
export const SELECT_DATES_TEXT = 'Veuillez sélectionner des dates pour votre séjour';
export const LOGIN_TO_BOOK_TEXT = 'Connectez-vous pour effectuer votre réservation';
export const BOOKING_SUCCESS_TEXT = 'Votre réservation a été effectuée avec succès !';
export const CHECKOUT_TITLE = 'Réserver votre séjour';
export const CHECKOUT_LOAD_ERROR_TEXT = "Impossible de charger les informations de l'appartement";
export const CHECKOUT_FAILURE_TEXT = 'Une erreur est survenue lors du traitement de votre réservation. Veuillez réessayer.';
export const MISSING_DETAILS_TEXT = 'Détails de réservation manquants';
export const DATES_TAKEN_TEXT = 'Ces dates ne sont plus disponibles pour cet appartement.';
export const SUBMITTING_TEXT = 'Traitement en cours...';

export const apartmentPath = (slug: string) => `/appartement/${slug}`;
export const checkoutPath = (slug: string) => `/appartement/${slug}/checkout`;
/** The sign-in page, coming back to the apartment afterwards (with `query`, e.g. the stay being chosen). */
export const loginPathFor = (slug: string, query = '') => `/login?redirect=${encodeURIComponent(`${apartmentPath(slug)}${query}`)}`;
