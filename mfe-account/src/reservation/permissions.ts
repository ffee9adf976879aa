/**
 * Who sees what on a reservation's page (spec sections 4 and 6, DECISIONS 10 and 11). The server
 * enforces the same rules; these only decide which buttons to offer.
 */
import { todayIn, type Reservation, type ReservationStatus } from 'shared-kernel';

/** The signed-in user looking at the page (null for nobody). */
export interface Viewer {
  id: number;
  admin: boolean;
}

export type ReservationAction = 'cancel' | 'confirm' | 'complete';

/** The status each action asks for. */
export const ACTION_STATUS: Readonly<Record<ReservationAction, ReservationStatus>> = {
  cancel: 'annulée',
  confirm: 'confirmée',
  complete: 'terminée',
};

export const ACTION_LABEL: Readonly<Record<ReservationAction, string>> = {
  cancel: 'Annuler la réservation',
  confirm: 'Confirmer la réservation',
  complete: 'Marquer comme terminée',
};

type Subject = Pick<Reservation, 'userId' | 'status'> & Partial<Pick<Reservation, 'endDate'>>;

export function isOwner(viewer: Viewer | null, reservation: Subject): boolean {
  return viewer !== null && viewer.id === reservation.userId;
}

/** The Actions block: for an admin or the reservation's owner, and only while it is not 'annulée'. */
export function canSeeActions(viewer: Viewer | null, reservation: Subject): boolean {
  if (!viewer || reservation.status === 'annulée') return false;
  return viewer.admin || isOwner(viewer, reservation);
}

/** The departure day has come (Europe/Paris, like the server): only then can a stay be 'terminée' (DECISIONS 30). */
export function isOver(reservation: Subject, today: string): boolean {
  return reservation.endDate !== undefined && reservation.endDate <= today;
}

/**
 * The transitions offered: cancel (owner or admin, while 'en attente' or 'confirmée'), confirm
 * (admin, while 'en attente'), mark as finished (admin, while 'confirmée' and once the departure day
 * has come: the server refuses it before).
 */
export function availableActions(viewer: Viewer | null, reservation: Subject, today = todayIn('Europe/Paris')): ReservationAction[] {
  if (!canSeeActions(viewer, reservation) || !viewer) return [];
  const actions: ReservationAction[] = [];
  if (viewer.admin && reservation.status === 'en attente') actions.push('confirm');
  if (viewer.admin && reservation.status === 'confirmée' && isOver(reservation, today)) actions.push('complete');
  if (reservation.status === 'en attente' || reservation.status === 'confirmée') actions.push('cancel');
  return actions;
}

/** A review may be left by the guest of the stay, once it is 'terminée' (DECISIONS 11). */
export function canReview(viewer: Viewer | null, reservation: Subject): boolean {
  return isOwner(viewer, reservation) && reservation.status === 'terminée';
}
