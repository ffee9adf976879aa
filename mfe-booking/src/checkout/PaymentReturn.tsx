import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorStatus, formatTimeParis, reservationsApi, Spinner, type Reservation, Alert } from 'shared-kernel';
import { CheckoutSuccess } from './CheckoutSuccess';
import '../ui/ui.css';

/** How often and how long the page asks whether Stripe's webhook has confirmed the stay. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT = 60;

type View =
  | { kind: 'waiting' }
  | { kind: 'confirmed'; reservation: Reservation }
  | { kind: 'cancelled' }
  | { kind: 'pending'; reservation: Reservation }
  | { kind: 'error' };

/**
 * Back from Stripe's hosted page (`?reservation=<id>&paiement=ok|annule`). The reservation is
 * confirmed by the signed webhook only, so the page polls it: 'Réservation confirmée !' once it is.
 */
export function PaymentReturn({ reservationId, cancelled }: { reservationId: number; cancelled: boolean }) {
  const [view, setView] = useState<View>({ kind: 'waiting' });

  useEffect(() => {
    let stop = false;
    let timer: number | undefined;
    let attempts = 0;
    const check = async () => {
      attempts += 1;
      try {
        const reservation = await reservationsApi.get(reservationId);
        if (stop) return;
        if (reservation.status === 'confirmée') return setView({ kind: 'confirmed', reservation });
        if (reservation.status === 'annulée') return setView({ kind: 'cancelled' });
        if (cancelled || attempts >= POLL_LIMIT) return setView({ kind: 'pending', reservation });
      } catch (error) {
        if (stop) return;
        if (errorStatus(error) === 404 || attempts >= POLL_LIMIT) return setView({ kind: 'error' });
      }
      timer = window.setTimeout(() => void check(), POLL_INTERVAL_MS);
    };
    void check();
    return () => {
      stop = true;
      window.clearTimeout(timer);
    };
  }, [reservationId, cancelled]);

  if (view.kind === 'confirmed') return <CheckoutSuccess reservation={view.reservation} />;
  if (view.kind === 'waiting') {
    return (
      <div className="sk-panel bk-card bk-success sk-stack sk-stack--start sk-gap-4" role="status">
        <p>Paiement reçu par Stripe, confirmation de votre réservation en cours…</p>
        <Spinner />
      </div>
    );
  }
  if (view.kind === 'cancelled') {
    return (
      <Alert tone="danger">
        <p>Le paiement n'a pas abouti : votre réservation a été annulée et les dates sont de nouveau libres.</p>
        <p>
          <Link to="/">Choisir un séjour</Link>
        </p>
      </Alert>
    );
  }
  if (view.kind === 'pending') {
    const until = view.reservation.paiement?.echeance;
    return (
      <div className="sk-panel bk-card bk-success sk-stack sk-stack--start sk-gap-4">
        <h1 className="bk-success__title">Paiement non finalisé</h1>
        <p>{`Votre réservation est en attente de paiement${until ? ` (expire à ${formatTimeParis(until)})` : ''}. Sans paiement, elle sera annulée et les dates libérées.`}</p>
        <Link to={`/reservation/${view.reservation.id}`} className="sk-button sk-button--primary">
          Voir la réservation
        </Link>
      </div>
    );
  }
  return (
    <Alert tone="danger">
      <p>Impossible de retrouver cette réservation.</p>
    </Alert>
  );
}
