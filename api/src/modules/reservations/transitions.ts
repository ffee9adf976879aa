/**
 * Who may move a reservation to which status (DECISIONS 10): a client may only cancel their own
 * reservation while it is 'en attente' or 'confirmée'; an admin may set any of the four statuses.
 */
import type { ReservationStatus } from 'shared-kernel/domain';

export const CLIENT_CANCEL_ONLY = "Vous pouvez seulement annuler votre réservation, tant qu'elle est en attente ou confirmée.";

export function transitionRefusal(role: 'admin' | 'client', from: string, to: ReservationStatus): string | null {
  if (role === 'admin') return null;
  if (to === 'annulée' && (from === 'en attente' || from === 'confirmée')) return null;
  return CLIENT_CANCEL_ONLY;
}
