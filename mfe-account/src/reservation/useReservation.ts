import { loadState, queries, useQuery, useQueryClient, type Reservation } from 'shared-kernel';

export type ReservationState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; reservation: Reservation };

export interface ReservationLoad {
  state: ReservationState;
  /** Puts the server's answer to a change (status update) in place of the reservation shown, then reloads its detail. */
  replace: (reservation: Reservation) => void;
  /** Loads it again (after a failure). */
  retry: () => void;
}

/** A route parameter that can be a reservation id. */
export function isReservationId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9]\d{0,15}$/.test(id);
}

/**
 * The reservation of a route's id: 'loading', then 'ready', 'not-found' (HTTP 404, or an id that
 * cannot exist) or 'error' (no answer, server error). Each id is its own query, so a late answer
 * for a previous id never shows under a new one.
 */
export function useReservation(id: string | undefined): ReservationLoad {
  const client = useQueryClient();
  const valid = isReservationId(id);
  const options = queries.reservation(valid ? id : '0');
  const query = useQuery({ ...options, enabled: valid });
  const load = loadState(query);
  const state: ReservationState = !valid
    ? { status: 'not-found' }
    : load.status === 'ready'
      ? { status: 'ready', reservation: load.data }
      : load.status === 'error'
        ? { status: load.httpStatus === 404 ? 'not-found' : 'error' }
        : load;
  return {
    state,
    replace: (reservation) => {
      // The change's answer is the list's shape: it shows at once, then the detail (times, dated
      // cancellation windows, check-in instructions once confirmed) and the reads under it (its
      // invoices: a cancellation may issue an avoir) are asked again; a failed read keeps what shows.
      client.setQueryData(options.queryKey, reservation);
      void client.invalidateQueries({ queryKey: options.queryKey });
    },
    retry: () => void query.refetch(),
  };
}
