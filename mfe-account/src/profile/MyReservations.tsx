import { Link } from 'react-router-dom';
import { Spinner, Alert } from 'shared-kernel';
import { ReservationCard } from './ReservationCard';
import { NO_RESERVATION, RESERVATIONS_LOAD_FAILED } from './text';
import type { MyReservationsState } from './useMyReservations';
import './profile.css';

/** 'Mes réservations': a card per booking, or the empty state. */
export function MyReservations({ state, onRetry }: { state: MyReservationsState; onRetry: () => void }) {
  return (
    <section className="sk-card" aria-labelledby="acc-bookings-title">
      <h2 id="acc-bookings-title" className="sk-card__title">
        Mes réservations
      </h2>
      {state.status === 'loading' ? <Spinner label="Chargement de vos réservations…" /> : null}
      {state.status === 'error' ? (
        <Alert tone="danger" onRetry={onRetry}>
          {RESERVATIONS_LOAD_FAILED}
        </Alert>
      ) : null}
      {state.status === 'ready' && state.reservations.length === 0 ? (
        <div className="acc-bookings__empty">
          <p>{NO_RESERVATION}</p>
          <Link className="sk-button sk-button--primary" to="/">
            Découvrir nos logements
          </Link>
        </div>
      ) : null}
      {state.status === 'ready' && state.reservations.length > 0 ? (
        <ul className="acc-bookings">
          {state.reservations.map((reservation) => (
            <ReservationCard key={reservation.id} reservation={reservation} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
