import { formatEuro, ImageWithFallback, StatusBadge, statusTone, type Reservation } from 'shared-kernel';
import { apartmentLocationOf, apartmentTitleOf, firstImageOf, nightsText, stayNightsOf, stayRangeText } from '../ui/stayText';
import './reservation.css';

/**
 * The stay at a glance, coloured by status (green confirmée, yellow en attente, red annulée, blue
 * otherwise): apartment, location, dates and nights, status, total; then the apartment's photo.
 */
export function ReservationHeader({ reservation }: { reservation: Reservation }) {
  const title = apartmentTitleOf(reservation);
  const image = firstImageOf(reservation);
  const tone = statusTone(reservation.status);
  return (
    <>
      <section className={`acc-res-header acc-res-header--${tone} sk-tone--${tone}`} aria-labelledby="acc-res-apartment">
        <div className="acc-res-header__stay">
          <h2 id="acc-res-apartment" className="acc-res-header__title">
            {title}
          </h2>
          <p className="acc-res-header__location">{apartmentLocationOf(reservation)}</p>
          <p className="acc-res-header__dates">
            {stayRangeText(reservation.startDate, reservation.endDate)}{' '}
            <span className="acc-res-header__nights">{`(${nightsText(stayNightsOf(reservation))})`}</span>
          </p>
        </div>
        <div className="acc-res-header__side">
          <StatusBadge status={reservation.status} />
          <p className="acc-res-header__total">
            <span className="acc-res-header__total-label">Total</span> <strong>{formatEuro(reservation.totalPrice)}</strong>
          </p>
        </div>
      </section>
      {image ? (
        <div className="acc-res-hero">
          {/* reservation.css: the page's width, at most 1200 px less its 16 px padding. */}
          <ImageWithFallback src={image} alt={title} loading="eager" sizes="(max-width: 1200px) calc(100vw - 32px), 1168px" />
        </div>
      ) : null}
    </>
  );
}
