import { useId } from 'react';
import { formatDecimal, formatEuro, type Appartement } from 'shared-kernel';
import type { StayPrice } from '../booking/stayText';
import { QuoteLines } from '../booking/QuoteLines';
import type { QuoteState } from '../booking/useQuote';
import { ImageWithFallback } from 'shared-kernel';

/** "4,6" */
export function formatRating(note: number): string {
  return formatDecimal(Number.isFinite(note) ? note : 0, 1, 1);
}

/** 'Seuls 500 € sont débités aujourd'hui…', or the whole stay paid today when there is no remainder. */
export function paymentSentence({ total, deposit, remainder }: Omit<StayPrice, 'nights'>): string {
  if (remainder <= 0) return `La totalité de votre séjour (${formatEuro(total)}) est débitée aujourd'hui.`;
  return `Seuls ${formatEuro(deposit)} sont débités aujourd'hui. Le solde de ${formatEuro(remainder)} sera prélevé automatiquement le jour de votre arrivée.`;
}

/** The side summary: the apartment, then the server's quote lines, the deposit due today and the total. */
export function CheckoutSummary({ appartement, quote }: { appartement: Appartement; quote: QuoteState }) {
  const titleId = useId();
  return (
    <aside className="bk-card bk-summary-card" aria-labelledby={titleId}>
      <div className="bk-summary-card__media">
        {/* checkout.css: the card's inner width; beside the form from 960 px, 2/5 of the page. */}
        <ImageWithFallback src={appartement.images[0]} alt={appartement.titre} sizes="(max-width: 959px) calc(100vw - 82px), 410px" />
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
      {quote.status === 'ready' ? (
        <>
          <QuoteLines devis={quote.devis} className="bk-summary-card__lines" deposit />
          <p className="bk-summary-card__note">{paymentSentence({ total: quote.devis.total, deposit: quote.devis.acompte, remainder: quote.devis.reste })}</p>
        </>
      ) : quote.status === 'refused' || quote.status === 'error' ? (
        <p className="bk-summary-card__note bk-panel__alert">{quote.message}</p>
      ) : quote.status === 'loading' ? (
        <p className="bk-summary-card__note">Calcul du prix…</p>
      ) : (
        <p className="bk-summary-card__note">Choisissez vos dates pour connaître le prix de votre séjour.</p>
      )}
    </aside>
  );
}
