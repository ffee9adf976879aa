import { useCallback, useEffect, useRef, useState } from 'react';
import type { Reservation, VilleFacette } from 'shared-kernel';
import { adminApi } from '../api/adminApi';
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

async function read(query: ListQuery): Promise<LoadedPage> {
  const page = await adminApi.reservationsPage(query);
  return { list: page.reservations, total: page.total, page: page.page, parPage: page.parPage, villes: page.villes };
}

/**
 * One page of the reservations the filters keep (GET /api/admin/reservations: the server filters
 * and pages), read again whenever the query changes; `messageOf` tells a refused filter's reason.
 */
export function useAdminReservations(query: ListQuery, messageOf: (error: unknown) => string | undefined): AdminReservations {
  const [state, setState] = useState<ReservationsState>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const mounted = useRef(true);
  const current = useRef(query);
  current.current = query;
  const key = JSON.stringify(query);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    let active = true;
    setState((s) => (s.status === 'ready' ? s : { status: 'loading' }));
    setRefreshing(true);
    read(JSON.parse(key) as ListQuery)
      .then(
        (page) => {
          if (active) setState({ status: 'ready', ...page });
        },
        (error: unknown) => {
          if (active) setState({ status: 'error', message: messageOf(error) ?? null });
        },
      )
      .finally(() => {
        if (active) setRefreshing(false);
      });
    return () => {
      active = false;
    };
    // messageOf is a plain function of the caller: the query (key) and a retry decide a new read.
  }, [key, attempt]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      const page = await read(current.current);
      if (mounted.current) setState({ status: 'ready', ...page });
      return true;
    } catch {
      return false;
    } finally {
      if (mounted.current) setRefreshing(false);
    }
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const replace = useCallback((updated: Reservation) => {
    setState((s) => (s.status === 'ready' ? { ...s, list: s.list.map((r) => (r.id === updated.id ? merge(r, updated) : r)) } : s));
  }, []);

  return { state, refreshing, refresh, retry, replace };
}
