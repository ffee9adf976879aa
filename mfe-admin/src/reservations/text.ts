/** Texts of the admin reservations page (spec sections 2 and 8). */
export const PAGE_TITLE = 'Gestion des Réservations';
export const LOAD_FAILED = 'Impossible de charger les réservations';
export const REFRESH_FAILED = 'Impossible de rafraîchir les réservations';
export const STATUS_FAILED = 'Impossible de mettre à jour le statut de la réservation';
export const DELETE_FAILED = 'Impossible de supprimer la réservation';
export const SAVE_FAILED = 'Impossible de sauvegarder les modifications';
export const DELETE_CONFIRMATION = 'Êtes-vous sûr de vouloir supprimer cette réservation ?';
export const CANCEL_CONFIRMATION = 'Êtes-vous sûr de vouloir annuler cette réservation ?';
export const EMPTY = 'Aucune réservation trouvée';

export function statusFailed(serverMessage: string | undefined): string {
  return serverMessage ? `Impossible de mettre à jour le statut: ${serverMessage}` : STATUS_FAILED;
}

/** The server's reason, when it gave one (e.g. a stay not finished yet), follows the spec's text. */
export function saveFailed(serverMessage: string | undefined): string {
  return serverMessage ? `${SAVE_FAILED}: ${serverMessage}` : SAVE_FAILED;
}

export function statusUpdated(status: string): string {
  return `Statut mis à jour avec succès: ${status}`;
}

export function shownCount(count: number): string {
  return `Affichage de ${count} réservation(s)`;
}

export const CSV_FAILED = 'Impossible d’exporter les réservations';
