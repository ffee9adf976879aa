import { Link } from 'react-router-dom';
import { formatEuro, ImageWithFallback, StatusBadge, type Reservation } from 'shared-kernel';
import { apartmentLocationOf, apartmentTitleOf, firstImageOf, stayRangeText } from '../ui/stayText';
import './profile.css';

/** One booking of 'Mes réservations': photo, apartment, dates, status, address, total, link to its details. */
export function ReservationCard({ reservation }: { reservation: Reservation }) {
  const title = apartmentTitleOf(reservation);
  const titleId = `acc-booking-${reservation.id}`;
  return (
    <li className="acc-booking">
      <div className="acc-booking__media">
        {/* profile.css: the card's full width on a phone, a 200 px column from 600 px. */}
        <ImageWithFallback src={firstImageOf(reservation)} alt={title} sizes="(max-width: 599px) calc(100vw - 32px), 200px" />
      </div>
      <div className="acc-booking__body">
        <div className="acc-booking__top">
          <h3 id={titleId} className="acc-booking__title">
            {title}
          </h3>
          <StatusBadge status={reservation.status} />
        </div>
        <p className="acc-booking__dates">{stayRangeText(reservation.startDate, reservation.endDate)}</p>
        <p className="acc-booking__location">{apartmentLocationOf(reservation)}</p>
        <p className="acc-booking__total">
          Total : <strong>{formatEuro(reservation.totalPrice)}</strong>
        </p>
        <Link className="sk-button sk-button--secondary acc-booking__link" to={`/reservation/${reservation.id}`} aria-describedby={titleId}>
          Voir les détails
        </Link>
      </div>
    </li>
  );
}
