import { useCallback, useEffect, useRef, useState } from 'react';
import {
  appartementsApi,
  isFreshPageData,
  queries,
  staySearchQuery,
  useQueryClient,
  type AppartementTrouve,
  type PageAppartements,
  type StaySearch,
} from 'shared-kernel';

/** Spec section 9: the listing refetches every 60,000 ms. */
export const LISTING_REFRESH_MS = 60_000;
/** Typing in the search box asks the server once the visitor pauses. */
export const SEARCH_DEBOUNCE_MS = 250;

export type SearchResults =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'refused'; message: string }
  | {
      status: 'ready';
      items: AppartementTrouve[];
      total: number;
      /** The last page loaded ('Afficher plus' loads the next). */
      page: number;
      facettes: PageAppartements['facettes'];
      loadingMore: boolean;
      moreFailed: boolean;
    };

function fromAnswer(answer: Awaited<ReturnType<typeof appartementsApi.search>>): SearchResults {
  if ('refus' in answer) return { status: 'refused', message: answer.refus };
  const { appartements, total, page, facettes } = answer.page;
  return { status: 'ready', items: appartements, total, page, facettes, loadingMore: false, moreFailed: false };
}

/**
 * The results of the search in the address, a page at a time. The first page is `queries.searchFirstPage`:
 * the one in the query cache when the server wrote it into the page (the first render shows it and
 * asks nothing), else asked of the API, and each answer goes into the cache; a new
 * search replaces the list, 'Afficher plus' appends the next page. The first page is refetched
 * every `refreshMs` while only it is shown (a refetch never takes away pages the visitor loaded).
 * A late answer of an older search never overwrites a newer one.
 */
export function useSearchResults(
  search: StaySearch,
  refreshMs = LISTING_REFRESH_MS,
): SearchResults & { loadMore: () => void; updating: boolean } {
  const key = staySearchQuery(search);
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ key: string; results: SearchResults }>(() => {
    const inCache = queryClient.getQueryData(queries.searchFirstPage(search).queryKey);
    return { key, results: inCache ? fromAnswer(inCache) : { status: 'loading' } };
  });
  // The page's data is not asked again; an answer the cache kept from an earlier visit is shown
  // while the search is asked again.
  const latest = useRef(0);
  const searchRef = useRef(search);
  searchRef.current = search;
  const stateRef = useRef(state);
  stateRef.current = state;
  const fromServer = useRef(isFreshPageData(queryClient.getQueryState(queries.searchFirstPage(search).queryKey)));
  // While a new search loads, the former results stay (the filters too), marked as being updated.
  const updating = state.key !== key;
  const shown: SearchResults = !updating || state.results.status === 'ready' ? state.results : { status: 'loading' };
  const onePage = shown.status !== 'ready' || shown.page === 1;

  const load = useCallback(
    async (quiet: boolean) => {
      const request = ++latest.current;
      try {
        // Always asked (staleTime 0): the visitor, or the refresh timer, wants the current list.
        const answer = await queryClient.fetchQuery({ ...queries.searchFirstPage(searchRef.current), staleTime: 0 });
        if (request === latest.current) setState({ key, results: fromAnswer(answer) });
      } catch {
        // A failed refetch keeps what is shown; a failed first load says so.
        if (request === latest.current && !quiet) setState({ key, results: { status: 'error' } });
      }
    },
    [key, queryClient],
  );

  // A new search: its first page (unless the cache held it at the first render).
  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return undefined;
    }
    const timer = setTimeout(() => void load(false), SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      // An answer to this search arriving after a newer one started is dropped.
      latest.current += 1;
    };
  }, [load]);

  useEffect(() => {
    if (!onePage) return undefined;
    const refresh = setInterval(() => void load(true), refreshMs);
    return () => clearInterval(refresh);
  }, [load, onePage, refreshMs]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    const r = current.results;
    if (current.key !== key || r.status !== 'ready' || r.loadingMore) return;
    setState({ key, results: { ...r, loadingMore: true, moreFailed: false } });
    const request = latest.current;
    appartementsApi.search(searchRef.current, r.page + 1).then(
      (answer) => {
        if (request !== latest.current || 'refus' in answer) return;
        setState((now) => {
          const n = now.results;
          if (now.key !== key || n.status !== 'ready') return now;
          const known = new Set(n.items.map((a) => a.id));
          const items = [...n.items, ...answer.page.appartements.filter((a) => !known.has(a.id))];
          return { key, results: { ...n, items, total: answer.page.total, page: answer.page.page, loadingMore: false } };
        });
      },
      () =>
        setState((now) =>
          now.key === key && now.results.status === 'ready'
            ? { key, results: { ...now.results, loadingMore: false, moreFailed: true } }
            : now,
        ),
    );
  }, [key]);

  return { ...shown, loadMore, updating };
}
