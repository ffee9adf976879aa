import { adminQueries, useQuery, type Profile, type Reservation } from 'shared-kernel';

export type ClientState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: Profile };
export type HistoryState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: Reservation[] };

type Read<T> = { data: T | undefined; isError: boolean };

function stateOf<T>(query: Read<T>, invalid: boolean): { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T } {
  if (invalid) return { status: 'error' };
  if (query.data !== undefined) return { status: 'ready', value: query.data };
  return query.isError ? { status: 'error' } : { status: 'loading' };
}

/**
 * A client's profile (GET /api/users/:id) and reservations (GET /api/reservations/all?userId=),
 * loaded together. An id that cannot exist is a failure without a call; a new id starts over.
 */
export function useClient(userId: number | null): { client: ClientState; history: HistoryState } {
  const id = userId ?? 0;
  const profile = useQuery({ ...adminQueries.client(id), enabled: userId !== null });
  const reservations = useQuery({ ...adminQueries.allReservations(id), enabled: userId !== null });
  const client = stateOf(profile, userId === null);
  const history = stateOf(reservations, userId === null);
  return {
    client: client.status === 'ready' ? { status: 'ready', user: client.value } : client,
    history: history.status === 'ready' ? { status: 'ready', list: history.value } : history,
  };
}
