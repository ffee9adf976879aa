import type { QuoteState } from '../booking/useQuote';
import { QuoteLines } from '../booking/QuoteLines';
import { stayText } from '../booking/stayText';

/** 'du 3 décembre au 6 décembre, 3 nuits', then the server's quote lines and total (or why it cannot be booked). */
export function StaySummary({ startDate, endDate, quote }: { startDate: string; endDate: string; quote: QuoteState }) {
  return (
    <div className="bk-summary" aria-live="polite">
      <p className="bk-summary__stay">{stayText(startDate, endDate)}</p>
      {quote.status === 'ready' ? <QuoteLines devis={quote.devis} className="bk-summary__lines" /> : null}
      {quote.status === 'loading' ? <p className="bk-panel__hint">Calcul du prix…</p> : null}
      {quote.status === 'refused' || quote.status === 'error' ? <p className="sk-error-note bk-panel__alert">{quote.message}</p> : null}
    </div>
  );
}
