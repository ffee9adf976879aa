/** Reservation statuses, their badge colours (spec section 4). */
import { RESERVATION_STATUSES, type ReservationStatus } from '../domain/types.js';

export type StatusTone = 'success' | 'warning' | 'danger' | 'info';

export function isReservationStatus(value: unknown): value is ReservationStatus {
  return typeof value === 'string' && (RESERVATION_STATUSES as readonly string[]).includes(value);
}

/** confirmée green, en attente yellow, annulée red, terminée or any other value blue. */
export function statusTone(status: string): StatusTone {
  switch (status) {
    case 'confirmée':
      return 'success';
    case 'en attente':
      return 'warning';
    case 'annulée':
      return 'danger';
    default:
      return 'info';
  }
}

export function invalidStatusMessage(value: string): string {
  return `Statut invalide: ${value}. Les valeurs valides sont: ${RESERVATION_STATUSES.join(', ')}`;
}
