import { formatEuro, type Appartement } from 'shared-kernel';
import { BookingSlot } from './RemoteSlots';
import { priceFromPrefix, shownNightlyPrice } from './priceFrom';

/** Where the phone's booking bar leads. */
export const PRICE_CARD_ID = 'reservation';

/** The side column: price per night, then the booking panel when the booking remote exists. */
export function PriceCard({ appartement }: { appartement: Appartement }) {
  return (
    <aside id={PRICE_CARD_ID} className="cat-apartment__aside" aria-label="Prix et réservation" tabIndex={-1}>
      <div className="sk-panel cat-price-card">
        <p className="cat-price-card__price">
          {priceFromPrefix(appartement)}
          <strong className="cat-price-card__amount">{formatEuro(shownNightlyPrice(appartement))}</strong> / nuit
        </p>
        <BookingSlot appartement={appartement} />
      </div>
    </aside>
  );
}
