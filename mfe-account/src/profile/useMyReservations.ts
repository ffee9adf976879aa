import { useCallback, useEffect, useState } from 'react';
import { reservationsApi, type Reservation } from 'shared-kernel';

export type MyReservationsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; reservations: Reservation[] };

/** The signed-in user's reservations, newest first (as the server sends them). */
export function useMyReservations(): { state: MyReservationsState; retry: () => void } {
  const [state, setState] = useState<MyReservationsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    reservationsApi.mine().then(
      (reservations) => {
        if (active) setState({ status: 'ready', reservations });
      },
      (error: unknown) => {
        console.error('Chargement des réservations impossible', error);
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
