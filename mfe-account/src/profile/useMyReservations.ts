import { loadState, queries, useQuery, type Reservation } from 'shared-kernel';

export type MyReservationsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; reservations: Reservation[] };

/** The signed-in user's reservations, newest first (as the server sends them). */
export function useMyReservations(): { state: MyReservationsState; retry: () => void } {
  const query = useQuery(queries.myReservations());
  const load = loadState(query);
  const state: MyReservationsState = load.status === 'ready' ? { status: 'ready', reservations: load.data } : load;
  return { state, retry: () => void query.refetch() };
}
