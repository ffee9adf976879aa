import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatDayMonth, formatEuro, formatLongDate, type Reservation } from 'shared-kernel';
import { nightsText } from '../booking/stayText';
import { BOOKING_SUCCESS_TEXT } from '../booking/texts';

/** Spec section 9: the profile follows 3 seconds after a successful checkout. */
export const REDIRECT_DELAY_MS = 3000;

/**
 * 'Réservation confirmée !', with what the server recorded (its own total, deposit and remainder),
 * then the profile after 3 seconds with the success message and the reservation id.
 */
export function CheckoutSuccess({ reservation }: { reservation: Reservation }) {
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const profileState = { message: BOOKING_SUCCESS_TEXT, reservationId: reservation.id };

  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(
      () => void navigate('/profile', { state: { message: BOOKING_SUCCESS_TEXT, reservationId: reservation.id } }),
      REDIRECT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate, reservation.id]);

  return (
    <div className="sk-panel bk-card bk-success sk-stack sk-stack--start sk-gap-4">
      <h1 ref={headingRef} tabIndex={-1} className="bk-success__title">
        Réservation confirmée !
      </h1>
      <p>Votre réservation a été enregistrée avec succès. Vous allez être redirigé vers votre profil.</p>
      <dl className="bk-success__recap">
        <div className="bk-summary__line">
          <dt>Séjour</dt>
          <dd>{`du ${formatDayMonth(reservation.startDate)} au ${formatDayMonth(reservation.endDate)}, ${nightsText(reservation.nights)}`}</dd>
        </div>
        <div className="bk-summary__line">
          <dt>Total</dt>
          <dd>{formatEuro(reservation.totalPrice)}</dd>
        </div>
        <div className="bk-summary__line">
          <dt>{reservation.remainder > 0 ? "Acompte réglé aujourd'hui" : "Séjour réglé aujourd'hui"}</dt>
          <dd>{formatEuro(reservation.deposit)}</dd>
        </div>
        {reservation.remainder > 0 ? (
          <div className="bk-summary__line">
            {/* DECISIONS 34: payable from N days before arrival, by a link we mail then; nothing is taken automatically. */}
            <dt>
              {reservation.solde
                ? `Solde à régler à partir du ${formatLongDate(reservation.solde.exigibleLe)}`
                : 'Solde à régler avant votre arrivée'}
            </dt>
            <dd>{formatEuro(reservation.remainder)}</dd>
          </div>
        ) : null}
      </dl>
      <Link to="/profile" state={profileState} className="sk-button sk-button--primary">
        Voir mes réservations
      </Link>
    </div>
  );
}
