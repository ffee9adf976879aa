import { formatEuro, type Appartement } from 'shared-kernel';
import { BookingSlot } from './RemoteSlots';
import { priceFromPrefix, shownNightlyPrice } from './priceFrom';

/** The side column: price per night, then the booking panel when the booking remote exists. */
export function PriceCard({ appartement }: { appartement: Appartement }) {
  return (
    <aside className="cat-apartment__aside" aria-label="Prix et réservation">
      <div className="cat-price-card">
        <p className="cat-price-card__price">
          {priceFromPrefix(appartement)}
          <strong className="cat-price-card__amount">{formatEuro(shownNightlyPrice(appartement))}</strong> / nuit
        </p>
        <BookingSlot appartement={appartement} />
      </div>
    </aside>
  );
}
