import { useEffect, useState } from 'react';
import type { Profile, Reservation } from 'shared-kernel';
import { adminApi } from '../api/adminApi';

export type ClientState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; user: Profile };
export type HistoryState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: Reservation[] };

/**
 * A client's profile (GET /api/users/:id) and reservations (GET /api/reservations/all?userId=),
 * loaded together. An id that cannot exist is a failure without a call; a new id starts over.
 */
export function useClient(userId: number | null): { client: ClientState; history: HistoryState } {
  const [client, setClient] = useState<ClientState & { id: number | null }>({ id: userId, status: 'loading' });
  const [history, setHistory] = useState<HistoryState & { id: number | null }>({ id: userId, status: 'loading' });

  useEffect(() => {
    if (userId === null) {
      setClient({ id: userId, status: 'error' });
      setHistory({ id: userId, status: 'error' });
      return undefined;
    }
    let active = true;
    setClient({ id: userId, status: 'loading' });
    setHistory({ id: userId, status: 'loading' });
    adminApi.client(userId).then(
      (user) => active && setClient({ id: userId, status: 'ready', user }),
      () => active && setClient({ id: userId, status: 'error' }),
    );
    adminApi.reservations(userId).then(
      (list) => active && setHistory({ id: userId, status: 'ready', list }),
      () => active && setHistory({ id: userId, status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [userId]);

  return {
    client: client.id === userId ? client : { status: 'loading' },
    history: history.id === userId ? history : { status: 'loading' },
  };
}
