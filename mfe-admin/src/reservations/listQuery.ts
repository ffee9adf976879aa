/**
 * The admin reservations list's filters and page (issue 32 item 6), kept in the address so a
 * filtered view is shareable and survives a reload; the server filters and pages with the same names.
 */
import { RESERVATION_STATUSES, type ReservationStatus } from 'shared-kernel';

/** Reservations of one server page. */
export const PER_PAGE = 50;

export interface ListFilters {
  statut: ReservationStatus | '';
  du: string;
  au: string;
  /** The apartment's number, as typed. */
  appartement: string;
  /** The town's slug. */
  ville: string;
  /** Part of the guest's name or email. */
  client: string;
}

export interface ListQuery extends ListFilters {
  page: number;
}

export const NO_FILTERS: ListFilters = { statut: '', du: '', au: '', appartement: '', ville: '', client: '' };
const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof ListFilters)[];

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
export function paramsOf(query: ListFilters & { page?: number }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = query[key].trim();
    if (value !== '') params[key] = value;
  }
  if (query.page !== undefined && query.page > 1) params.page = String(query.page);
  return params;
}

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
