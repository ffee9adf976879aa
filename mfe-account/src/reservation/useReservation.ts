import { useCallback, useEffect, useState } from 'react';
import { errorStatus, reservationsApi, type Reservation } from 'shared-kernel';

export type ReservationState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; reservation: Reservation };

type Keyed = ReservationState & { id: string | undefined };

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
 * cannot exist) or 'error' (no answer, server error). A new id starts over; a late answer for a
 * previous id is ignored.
 */
export function useReservation(id: string | undefined): ReservationLoad {
  const [state, setState] = useState<Keyed>({ id, status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isReservationId(id)) {
      setState({ id, status: 'not-found' });
      return undefined;
    }
    let active = true;
    setState({ id, status: 'loading' });
    reservationsApi.get(id).then(
      (reservation) => {
        if (active) setState({ id, status: 'ready', reservation });
      },
      (error: unknown) => {
        if (active) setState({ id, status: errorStatus(error) === 404 ? 'not-found' : 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [id, attempt]);

  const replace = useCallback(
    (reservation: Reservation) => {
      setState({ id, status: 'ready', reservation });
      // The change's answer is the list's shape: the detail (times, dated cancellation windows, check-in
      // instructions once confirmed) is read again, and kept as it was if that read fails.
      reservationsApi.get(String(reservation.id)).then(
        (detail) => setState((current) => (current.id === id && detail ? { id, status: 'ready', reservation: detail } : current)),
        () => undefined,
      );
    },
    [id],
  );
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: state.id === id ? state : { status: 'loading' }, replace, retry };
}
