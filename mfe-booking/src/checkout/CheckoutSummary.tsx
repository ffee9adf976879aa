import { useId } from 'react';
import { formatEuro, type Appartement } from 'shared-kernel';
import { priceLineText, type StayPrice } from '../booking/stayText';
import { ImageWithFallback } from 'shared-kernel';

const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "4,6" */
export function formatRating(note: number): string {
  return oneDecimal.format(Number.isFinite(note) ? note : 0);
}

/** 'Seuls 500 € sont débités aujourd'hui…', or the whole stay paid today when there is no remainder. */
export function paymentSentence({ total, deposit, remainder }: StayPrice): string {
  if (remainder <= 0) return `La totalité de votre séjour (${formatEuro(total)}) est débitée aujourd'hui.`;
  return `Seuls ${formatEuro(deposit)} sont débités aujourd'hui. Le solde de ${formatEuro(remainder)} sera prélevé automatiquement le jour de votre arrivée.`;
}

/** The side summary: the apartment, then price × nights, fees, deposit due today and total. */
export function CheckoutSummary({ appartement, price }: { appartement: Appartement; price: StayPrice | null }) {
  const titleId = useId();
  return (
    <aside className="bk-card bk-summary-card" aria-labelledby={titleId}>
      <div className="bk-summary-card__media">
        <ImageWithFallback src={appartement.images[0]} alt={appartement.titre} />
      </div>
      <h2 id={titleId} className="bk-summary-card__title">
        {appartement.titre}
      </h2>
      <p className="bk-summary-card__rating">
        <span aria-hidden="true">★ </span>
        <span className="sk-visually-hidden">Note : </span>
        <strong>{formatRating(appartement.note)}</strong>
        {' · '}
        <span>{`${appartement.nombreAvis} avis`}</span>
      </p>
      {price ? (
        <>
          <dl className="bk-summary-card__lines">
            <div className="bk-summary__line">
              <dt>{priceLineText(appartement.prixParNuit, price.nights)}</dt>
              <dd>{formatEuro(price.total)}</dd>
            </div>
            <div className="bk-summary__line">
              <dt>Frais de service</dt>
              <dd>Inclus</dd>
            </div>
            <div className="bk-summary__line bk-summary__line--deposit">
              <dt>Acompte à payer aujourd'hui</dt>
              <dd>{formatEuro(price.deposit)}</dd>
            </div>
            <div className="bk-summary__line bk-summary__line--total">
              <dt>Total</dt>
              <dd>{formatEuro(price.total)}</dd>
            </div>
          </dl>
          <p className="bk-summary-card__note">{paymentSentence(price)}</p>
        </>
      ) : (
        <p className="bk-summary-card__note">Choisissez vos dates pour connaître le prix de votre séjour.</p>
      )}
    </aside>
  );
}
