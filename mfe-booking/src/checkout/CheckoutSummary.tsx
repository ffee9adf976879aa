import { useId } from 'react';
import { formatDecimal, MONEY_WORDS, scheduleSentence, type Appartement, type Echeancier } from 'shared-kernel';
import { QuoteLines } from '../booking/QuoteLines';
import type { QuoteState } from '../booking/useQuote';
import { ImageWithFallback } from 'shared-kernel';

/** "4,6" */
export function formatRating(note: number): string {
  return formatDecimal(Number.isFinite(note) ? note : 0, 1, 1);
}

export interface PaymentPlan {
  schedule: Echeancier;
  soldeJours: number;
  /** The balance is paid online (Stripe) when the deposit is; by transfer otherwise. */
  balanceOnline: boolean;
}

/** What is paid at booking and what later, from the server's rule (DECISIONS 34) and settings. */
export function paymentSentence(plan: PaymentPlan): string {
  return scheduleSentence(plan.schedule, plan.soldeJours, plan.balanceOnline, MONEY_WORDS);
}

/** The side summary: the apartment, then the server's quote lines, what is paid at booking, the total and when the rest is paid. */
export function CheckoutSummary({ appartement, quote, plan }: { appartement: Appartement; quote: QuoteState; plan: PaymentPlan | null }) {
  const titleId = useId();
  return (
    <aside className="sk-panel bk-card bk-summary-card" aria-labelledby={titleId}>
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
      {quote.status === 'ready' && plan ? (
        <>
          <QuoteLines devis={quote.devis} className="bk-summary-card__lines" dueAtBookingCents={plan.schedule.acompteCents} />
          <p className="bk-summary-card__note">{paymentSentence(plan)}</p>
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
