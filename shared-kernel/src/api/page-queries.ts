/**
 * The page's data in the query cache (issue 33 item 3). The server writes the public answers a page
 * starts with into its HTML, keyed by API path (page-data.ts); the same function puts them into the
 * server render's query client and, before hydration, into the tab's, under the keys the screens'
 * queries use — so the server renders from the cache, the first client render reads the same cache
 * (no mismatch) and neither asks the API for them. One client per render: parallel renders never
 * see each other's pages.
 */
import { hashKey, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { decodeAppartement } from '../domain/decode.js';
import { APPARTEMENTS_PATH } from '../domain/page-data-keys.js';
import { readStaySearch } from '../rules/search.js';
import { queries } from './queries.js';
import { decodeSearchAnswer } from './search-answer.js';

const APARTMENT = /^\/appartements\/slug\/([^/?#]+)$/;
const REVIEWS = /^\/appartements\/(\d+)\/avis$/;

/** The query an API path answers, and the answer as that query's fetcher gives it. */
export function pageQuery(path: string, answer: unknown): { queryKey: QueryKey; data: unknown } {
  const apartment = APARTMENT.exec(path);
  if (apartment) return { queryKey: queries.apartment(decodeURIComponent(apartment[1]!)).queryKey, data: decodeAppartement(answer) };
  const reviews = REVIEWS.exec(path);
  if (reviews) return { queryKey: queries.apartmentReviews(Number(reviews[1])).queryKey, data: answer };
  if (path.startsWith(`${APPARTEMENTS_PATH}?`)) {
    const search = readStaySearch(new URLSearchParams(path.slice(APPARTEMENTS_PATH.length + 1)));
    // The infinite query's own entry, its first page: the one key that request has in the cache.
    return { queryKey: queries.searchPages(search).queryKey, data: { pages: [decodeSearchAnswer(answer)], pageParams: [1] } };
  }
  return { queryKey: queries.publicAnswer(path).queryKey, data: answer };
}

/**
 * Puts the page's data into `client` as answers received now. TanStack's `hydrate`, with a count of
 * fetches of 0: that is how the client's staleTime tells them from fetched answers
 * (`PAGE_DATA_FRESH_MS`), so hydration does not ask them again.
 */
export function fillPageQueries(client: QueryClient, data: Record<string, unknown> | null | undefined): void {
  if (!data) return;
  const now = Date.now();
  hydrate(client, {
    mutations: [],
    queries: Object.entries(data).map(([path, answer]) => {
      const { queryKey, data: value } = pageQuery(path, answer);
      return {
        queryKey,
        queryHash: hashKey(queryKey),
        dehydratedAt: now,
        state: {
          data: value,
          dataUpdateCount: 0,
          dataUpdatedAt: now,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success' as const,
          fetchStatus: 'idle' as const,
        },
      };
    }),
  });
}
