/** The admin list's status filter and free-text search (guest name, email, apartment title, reservation id). */
import { foldAccents, RESERVATION_STATUSES, type Reservation, type ReservationStatus } from 'shared-kernel';

export const ALL_STATUSES = 'all';
export type StatusFilter = typeof ALL_STATUSES | ReservationStatus;

export function isStatusFilter(value: string): value is StatusFilter {
  return value === ALL_STATUSES || (RESERVATION_STATUSES as readonly string[]).includes(value);
}

/** Lower case, without accents or surrounding spaces: 'Cathédrale' and 'cathedrale' match. */
export function normalizeText(text: string): string {
  return foldAccents(text).trim();
}

export function matchesSearch(reservation: Reservation, query: string): boolean {
  const q = normalizeText(query);
  if (q === '') return true;
  // A reservation id, as shown in the table (#12) or typed alone (12).
  if (/^#?\d+$/.test(q) && String(reservation.id) === q.replace(/^#/, '')) return true;
  return [reservation.user?.nom, reservation.user?.email, reservation.appartement?.titre].some(
    (field) => typeof field === 'string' && normalizeText(field).includes(q),
  );
}

export function filterReservations(list: readonly Reservation[], status: StatusFilter, query: string): Reservation[] {
  return list.filter((r) => (status === ALL_STATUSES || r.status === status) && matchesSearch(r, query));
}
