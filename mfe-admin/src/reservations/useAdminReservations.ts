import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reservation } from 'shared-kernel';
import { adminApi } from '../api/adminApi';

export type ReservationsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; list: Reservation[] };

export interface AdminReservations {
  state: ReservationsState;
  refreshing: boolean;
  /** Loads the list again; answers false when it failed (the list shown stays). */
  refresh: () => Promise<boolean>;
  /** Loads again after a failed first load. */
  retry: () => void;
  /** Puts the server's answer to a change in place of the reservation shown. */
  replace: (updated: Reservation) => void;
  remove: (id: number) => void;
}

/** Keeps what the list already knew when an answer leaves the nested user or apartment out. */
function merge(previous: Reservation, updated: Reservation): Reservation {
  return { ...previous, ...updated, user: updated.user ?? previous.user, appartement: updated.appartement ?? previous.appartement };
}

/** Every reservation (GET /api/reservations/all), newest first, with local updates after each change. */
export function useAdminReservations(): AdminReservations {
  const [state, setState] = useState<ReservationsState>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    adminApi.reservations().then(
      (list) => {
        if (active) setState({ status: 'ready', list });
      },
      () => {
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const list = await adminApi.reservations();
      if (mounted.current) setState({ status: 'ready', list });
      return true;
    } catch {
      return false;
    } finally {
      if (mounted.current) setRefreshing(false);
    }
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const replace = useCallback((updated: Reservation) => {
    setState((s) =>
      s.status === 'ready' ? { status: 'ready', list: s.list.map((r) => (r.id === updated.id ? merge(r, updated) : r)) } : s,
    );
  }, []);

  const remove = useCallback((id: number) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', list: s.list.filter((r) => r.id !== id) } : s));
  }, []);

  return { state, refreshing, refresh, retry, replace, remove };
}
