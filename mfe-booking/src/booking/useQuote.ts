/** The server's quote of the chosen stay (issue 12): the panel and the checkout show only this price. */
import { useEffect, useState } from 'react';
import { appartementsApi, errorStatus, serverMessage, type DevisSejour } from 'shared-kernel';

export type QuoteState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; devis: DevisSejour } | { status: 'refused' | 'error'; message: string };

export const QUOTE_ERROR_TEXT = 'Le prix de ce séjour n’a pas pu être calculé. Réessayez dans un instant.';

export function useQuote(
  appartementId: number,
  stay: { startDate: string; endDate: string } | null,
  adultes: number,
  enfants: number,
): QuoteState {
  const [state, setState] = useState<QuoteState>({ status: 'idle' });
  const start = stay?.startDate ?? null;
  const end = stay?.endDate ?? null;
  useEffect(() => {
    if (!start || !end || !appartementId) {
      setState({ status: 'idle' });
      return undefined;
    }
    let live = true;
    setState({ status: 'loading' });
    appartementsApi.devis(appartementId, { arrivee: start, depart: end, adultes, enfants }).then(
      (devis) => live && setState({ status: 'ready', devis }),
      (error: unknown) => {
        if (!live) return;
        // A 400 is the server's French reason (minimum stay, capacity): shown as is.
        const status = errorStatus(error);
        const message = serverMessage(error);
        setState(status === 400 && message ? { status: 'refused', message } : { status: 'error', message: QUOTE_ERROR_TEXT });
      },
    );
    return () => {
      live = false;
    };
  }, [appartementId, start, end, adultes, enfants]);
  return state;
}
