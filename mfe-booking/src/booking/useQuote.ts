/** The server's quote of the chosen stay (issue 12): the panel and the checkout show only this price. */
import { errorStatus, queries, serverMessage, useQuery, type DevisSejour } from 'shared-kernel';

export type QuoteState =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; devis: DevisSejour } | { status: 'refused' | 'error'; message: string };

export const QUOTE_ERROR_TEXT = 'Le prix de ce séjour n’a pas pu être calculé. Réessayez dans un instant.';

export function useQuote(
  appartementId: number,
  stay: { startDate: string; endDate: string } | null,
  adultes: number,
  enfants: number,
): QuoteState {
  const asked = Boolean(stay && appartementId);
  const query = useQuery({
    ...queries.quote(appartementId, { arrivee: stay?.startDate ?? '', depart: stay?.endDate ?? '', adultes, enfants }),
    enabled: asked,
  });
  if (!asked) return { status: 'idle' };
  if (query.data !== undefined) return { status: 'ready', devis: query.data };
  if (!query.isError || query.isFetching) return { status: 'loading' };
  // A 400 is the server's French reason (minimum stay, capacity): shown as is.
  const message = serverMessage(query.error);
  return errorStatus(query.error) === 400 && message ? { status: 'refused', message } : { status: 'error', message: QUOTE_ERROR_TEXT };
}
