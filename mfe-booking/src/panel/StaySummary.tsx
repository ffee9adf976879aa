import { formatEuro } from 'shared-kernel';
import { priceLineText, stayText, type StayPrice } from '../booking/stayText';

/** 'du 3 décembre au 6 décembre, 3 nuits', the price line and the total. */
export function StaySummary({ startDate, endDate, prixParNuit, price }: { startDate: string; endDate: string; prixParNuit: number; price: StayPrice }) {
  return (
    <div className="bk-summary">
      <p className="bk-summary__stay">{stayText(startDate, endDate)}</p>
      <dl className="bk-summary__lines">
        <div className="bk-summary__line">
          <dt>{priceLineText(prixParNuit, price.nights)}</dt>
          <dd>{formatEuro(price.total)}</dd>
        </div>
        <div className="bk-summary__line bk-summary__line--total">
          <dt>Total</dt>
          <dd>{formatEuro(price.total)}</dd>
        </div>
      </dl>
    </div>
  );
}
