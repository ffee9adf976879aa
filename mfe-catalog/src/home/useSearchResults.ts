import { useCallback, useEffect, useRef, useState } from 'react';
import {
  keepPreviousData,
  queries,
  staySearchQuery,
  useInfiniteQuery,
  useQueryClient,
  type AppartementTrouve,
  type PageAppartements,
  type QueryClient,
  type SearchAnswer,
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

type Ready = Extract<SearchResults, { status: 'ready' }>;

/**
 * The pages' apartments in order, each later page without those already shown (the list may have
 * moved between two pages); the count and the page number are the last answer's, the filters the first's.
 */
function fromPages(pages: readonly SearchAnswer[]): Omit<Ready, 'loadingMore' | 'moreFailed'> | { refus: string } | null {
  const [first] = pages;
  if (!first) return null;
  if ('refus' in first) return { refus: first.refus };
  let items = first.page.appartements;
  let { total, page } = first.page;
  for (const answer of pages.slice(1)) {
    if ('refus' in answer) continue;
    const known = new Set(items.map((a) => a.id));
    items = [...items, ...answer.page.appartements.filter((a) => !known.has(a.id))];
    ({ total, page } = answer.page);
  }
  return { status: 'ready', items, total, page, facettes: first.page.facettes };
}

/** The search asked of the server: the one shown once it has not changed for `ms` (the first at once). */
function useDebouncedSearch(search: StaySearch, ms: number): StaySearch {
  const [asked, setAsked] = useState(search);
  const latest = useRef(search);
  latest.current = search;
  const key = staySearchQuery(search);
  const askedKey = staySearchQuery(asked);
  useEffect(() => {
    if (key === askedKey) return undefined;
    const timer = setTimeout(() => setAsked(latest.current), ms);
    return () => clearTimeout(timer);
  }, [key, askedKey, ms]);
  return asked;
}

/**
 * A search left (another search, or the page) keeps only its first page in the cache: coming back to
 * it shows that page while it is asked again, as before « Afficher plus ». A page still being asked
 * for it is dropped first, so it cannot bring the pages back.
 */
function keepFirstPage(queryClient: QueryClient, search: StaySearch): void {
  const { queryKey } = queries.searchPages(search);
  const state = queryClient.getQueryState(queryKey);
  const askingMore = state?.fetchStatus === 'fetching' && (state.fetchMeta as { fetchMore?: unknown } | null)?.fetchMore !== undefined;
  // Its first page alone, being asked or not, stays as it is (its answer still goes into the cache).
  if (!askingMore && (state?.data?.pages.length ?? 0) <= 1) return;
  void queryClient
    .cancelQueries({ queryKey, exact: true })
    .then(() =>
      queryClient.setQueryData(queryKey, (data) =>
        data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : undefined,
      ),
    );
}

/**
 * The results of the search in the address, a page at a time: `queries.searchPages`, whose first page
 * is in the query cache when the server wrote it into the page (the first render shows it and asks
 * nothing while it is fresh), else asked of the API. A new search is asked once the visitor pauses
 * (`SEARCH_DEBOUNCE_MS`) and the former results stay meanwhile, marked `updating`; 'Afficher plus'
 * appends the next page. The first page is refetched every `refreshMs` while only it is shown (a
 * refetch never takes away pages the visitor loaded) and a failed refetch keeps what is shown. Each
 * search is its own cache entry, so a late answer of an older search never overwrites a newer one.
 */
export function useSearchResults(
  search: StaySearch,
  refreshMs = LISTING_REFRESH_MS,
): SearchResults & { loadMore: () => void; updating: boolean } {
  const key = staySearchQuery(search);
  const asked = useDebouncedSearch(search, SEARCH_DEBOUNCE_MS);
  const askedKey = staySearchQuery(asked);
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...queries.searchPages(asked),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.pages.length ?? 0) > 1 ? false : refreshMs),
    refetchIntervalInBackground: true,
  });

  const leaving = useRef(asked);
  useEffect(() => {
    // Runs once the query follows the new search, so the former results shown meanwhile stay whole.
    if (staySearchQuery(leaving.current) !== askedKey) keepFirstPage(queryClient, leaving.current);
    leaving.current = asked;
  }, [askedKey, queryClient]);
  useEffect(() => () => keepFirstPage(queryClient, leaving.current), [queryClient]);

  // While a new search waits or loads, the former results stay (the filters too), marked as being updated.
  const updating = key !== askedKey || query.isPlaceholderData;
  let results: SearchResults;
  const pages = query.data ? fromPages(query.data.pages) : null;
  if (pages && 'refus' in pages) results = { status: 'refused', message: pages.refus };
  else if (pages)
    results = {
      ...pages,
      loadingMore: query.isFetchingNextPage,
      moreFailed: query.isFetchNextPageError && !query.isFetchingNextPage,
    };
  else results = query.isError ? { status: 'error' } : { status: 'loading' };
  // A refetch of a failed first load (the 60 s refresh) keeps the error shown until it answers.
  const lastShown = useRef<{ key: string; status: SearchResults['status'] }>({ key: askedKey, status: results.status });
  if (results.status === 'loading' && query.isFetching && lastShown.current.key === askedKey && lastShown.current.status === 'error')
    results = { status: 'error' };
  lastShown.current = { key: askedKey, status: results.status };
  const shown: SearchResults = !updating || results.status === 'ready' ? results : { status: 'loading' };

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const canLoadMore = !updating && results.status === 'ready' && hasNextPage && !isFetchingNextPage;
  const loadMore = useCallback(() => {
    if (canLoadMore) void fetchNextPage();
  }, [canLoadMore, fetchNextPage]);

  return { ...shown, loadMore, updating };
}
