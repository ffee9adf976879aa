import { useCallback } from 'react';
import {
  adminQueries,
  keepPreviousData,
  useQuery,
  useQueryClient,
  type AdminReservationsPage,
  type Reservation,
  type VilleFacette,
} from 'shared-kernel';
import type { ListQuery } from './listQuery';

export interface LoadedPage {
  list: Reservation[];
  total: number;
  page: number;
  parPage: number;
  villes: VilleFacette[];
}

export type ReservationsState = { status: 'loading' } | { status: 'error'; message: string | null } | ({ status: 'ready' } & LoadedPage);

export interface AdminReservations {
  state: ReservationsState;
  refreshing: boolean;
  /** Loads the page shown again; answers false when it failed (the page shown stays). */
  refresh: () => Promise<boolean>;
  /** Loads again after a failed load. */
  retry: () => void;
  /** Puts the server's answer to a change in place of the reservation shown (until the page is read again). */
  replace: (updated: Reservation) => void;
}

/** Keeps what the list already knew when an answer leaves the nested user or apartment out. */
function merge(previous: Reservation, updated: Reservation): Reservation {
  return { ...previous, ...updated, user: updated.user ?? previous.user, appartement: updated.appartement ?? previous.appartement };
}

/**
 * One page of the reservations the filters keep (GET /api/admin/reservations: the server filters
 * and pages), read again whenever the query changes while the page shown stays; `messageOf` tells
 * a refused filter's reason.
 */
export function useAdminReservations(query: ListQuery, messageOf: (error: unknown) => string | undefined): AdminReservations {
  const client = useQueryClient();
  const options = adminQueries.reservationsPage(query);
  const read = useQuery({ ...options, placeholderData: keepPreviousData });
  const { refetch } = read;
  const key = options.queryKey;

  const refresh = useCallback(async () => !(await refetch()).isError, [refetch]);
  const retry = useCallback(() => void refetch(), [refetch]);
  const replace = (updated: Reservation) =>
    client.setQueryData<AdminReservationsPage>(key, (page) =>
      page ? { ...page, reservations: page.reservations.map((r) => (r.id === updated.id ? merge(r, updated) : r)) } : page,
    );

  let state: ReservationsState;
  if (read.data !== undefined) {
    const page = read.data;
    state = { status: 'ready', list: page.reservations, total: page.total, page: page.page, parPage: page.parPage, villes: page.villes };
  } else if (read.isError && !read.isFetching) state = { status: 'error', message: messageOf(read.error) ?? null };
  else state = { status: 'loading' };

  return { state, refreshing: read.isFetching, refresh, retry, replace };
}
