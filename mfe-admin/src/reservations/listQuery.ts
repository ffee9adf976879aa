/**
 * The admin reservations list's filters and page (issue 32 item 6), kept in the address so a
 * filtered view is shareable and survives a reload; the server filters and pages with the same names.
 */
import {
  ADMIN_RESERVATIONS_PER_PAGE,
  adminReservationParams,
  RESERVATION_STATUSES,
  type AdminReservationFilters,
  type ReservationStatus,
} from 'shared-kernel';

/** Reservations of one server page. */
export const PER_PAGE = ADMIN_RESERVATIONS_PER_PAGE;

/** The server filters with the address's names, so the list and the API share them. */
export type ListFilters = AdminReservationFilters;

export interface ListQuery extends ListFilters {
  page: number;
}

export const NO_FILTERS: ListFilters = { statut: '', du: '', au: '', appartement: '', ville: '', client: '' };

/** What the address asks: an unknown status or a page that is not a number reads as none. */
export function queryFromParams(params: URLSearchParams): ListQuery {
  const statut = params.get('statut') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    statut: (RESERVATION_STATUSES as readonly string[]).includes(statut) ? (statut as ReservationStatus) : '',
    du: params.get('du') ?? '',
    au: params.get('au') ?? '',
    appartement: params.get('appartement') ?? '',
    ville: params.get('ville') ?? '',
    client: params.get('client') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address (and the API's query) of a list: only the filters set, the page when past the first. */
export const paramsOf = adminReservationParams;

export const hasFilters = (filters: ListFilters) => Object.keys(paramsOf(filters)).length > 0;

export function pageCount(total: number, perPage = PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

export const pageLabel = (page: number, pages: number) => `Page ${page} sur ${pages}`;

export function totalText(total: number, filtered: boolean): string {
  const count = total === 0 ? 'Aucune réservation' : total === 1 ? '1 réservation' : `${total.toLocaleString('fr-FR')} réservations`;
  return filtered ? `${count} correspondant aux filtres` : count;
}

/** The export's file name, dated by its filters when they have dates. */
export function csvFileName(filters: ListFilters): string {
  const period = [filters.du, filters.au].filter(Boolean).join('-au-');
  return period ? `reservations-${period}.csv` : 'reservations.csv';
}
