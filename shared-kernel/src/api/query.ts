/**
 * The front end's one data layer (issue 33 item 3): TanStack Query, bundled into the kernel so the
 * federation shares one copy. Remotes import its hooks from 'shared-kernel', never from the package
 * (ESLint forbids it): a second copy would hold its own context and cache, and a remote's queries
 * would find no client.
 */
import { notifyManager, QueryCache, QueryClient, type QueryState, type UseQueryResult } from '@tanstack/react-query';
import { errorStatus, serverMessage } from './http.js';

export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';

// A screen shows an answer put in the cache in the same task: a change's answer is on screen before
// the blocking alert that tells its outcome (the account's status changes, in flushSync), instead of
// after TanStack Query's default setTimeout batching. Updates inside one batch still render once.
notifyManager.setScheduler((callback) => callback());

/**
 * How long an answer the server wrote into the page (page-queries.ts) is not asked again: the first
 * client render shows it and hydration asks nothing; a screen mounted later asks as usual.
 */
const PAGE_DATA_FRESH_MS = 30_000;

/** Whether a cached answer is the page's data (filled, never fetched) and still fresh: not to be asked again. */
export function isFreshPageData(state: Pick<QueryState, 'data' | 'dataUpdateCount' | 'dataUpdatedAt'> | undefined): boolean {
  return (
    state !== undefined && state.data !== undefined && state.dataUpdateCount === 0 && Date.now() - state.dataUpdatedAt < PAGE_DATA_FRESH_MS
  );
}

/**
 * A failed read leaves a trace for whoever debugs the page (the screen says it in French) when the
 * site or the network failed: no answer, or a 5xx. A 4xx is an answer the screen was made for (an
 * unknown apartment's 404, an expired session's 401, a refused stay's 400), not a fault to log.
 */
function logFailedRead(error: unknown, query: { queryKey: readonly unknown[] }): void {
  const status = errorStatus(error);
  if (status !== undefined && status < 500) return;
  console.error('Lecture impossible', query.queryKey, error);
}

/**
 * One client per browser tab (the shell's) and one per server render. Answers are always asked
 * again when a screen mounts (stale at once: what the cache holds is shown meanwhile) — except the
 * page's data for `PAGE_DATA_FRESH_MS`, recognised by its never having been fetched — never when the
 * window regains focus, and a failure is shown at once with the screen's own « Réessayer »: the
 * screens say what failed, they do not make the visitor wait through silent retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailedRead }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: (query) => (query.state.dataUpdateCount === 0 && query.state.data !== undefined ? PAGE_DATA_FRESH_MS : 0),
      },
      mutations: { retry: false },
    },
  });
}

/** A query's answer as the screens show it: loading (also while a failed read is asked again), failed, or there. */
export type LoadState<T> = { status: 'loading' } | { status: 'error'; httpStatus: number | undefined } | { status: 'ready'; data: T };

export function loadState<T>(query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isFetching'>): LoadState<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  if (query.isError && !query.isFetching) return { status: 'error', httpStatus: errorStatus(query.error) };
  return { status: 'loading' };
}

/** What a screen says of a change it sent. */
export interface MutationNotice {
  tone: 'success' | 'danger';
  text: string;
}

/**
 * A change's outcome as its screen says it: its own success sentence, or the server's French reason
 * for a refusal (the screen's `failed` sentence when there is none: no answer, a 5xx); nothing before
 * it is sent nor while it is being sent again.
 */
export function mutationNotice(
  mutation: { isSuccess: boolean; isError: boolean; error: unknown },
  texts: { saved: string; failed: string },
): MutationNotice | null {
  if (mutation.isSuccess) return { tone: 'success', text: texts.saved };
  if (mutation.isError) return { tone: 'danger', text: serverMessage(mutation.error) ?? texts.failed };
  return null;
}
