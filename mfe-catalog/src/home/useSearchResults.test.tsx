import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { appartementsApi, createQueryClient, EMPTY_SEARCH, QueryClientProvider, type SearchAnswer, type StaySearch } from 'shared-kernel';
import { demoList, searchPage } from '../../test/fixtures';
import { LISTING_REFRESH_MS, SEARCH_DEBOUNCE_MS, useSearchResults } from './useSearchResults';

// The kernel's declared search query calls it: replacing it replaces the network.
const searchMock = jest.spyOn(appartementsApi, 'search');

/** An answer the test gives when it wants. */
function deferred() {
  let resolve!: (answer: SearchAnswer) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<SearchAnswer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function advance(ms: number) {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
  await act(async () => {
    await Promise.resolve();
  });
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

/** The hook under one query client, which stays across renders and remounts (as the shell's). */
function renderResults(first: StaySearch = EMPTY_SEARCH, client = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const view = renderHook(({ search }: { search: StaySearch }) => useSearchResults(search), { wrapper, initialProps: { search: first } });
  return { ...view, client };
}

const list = demoList();
const titles = (r: ReturnType<typeof useSearchResults>) => (r.status === 'ready' ? r.items.map((a) => a.titre) : r.status);
const twoPages = async (_s: StaySearch, page: number) =>
  page === 1 ? searchPage(list.slice(0, 2), { total: 4 }) : searchPage(list.slice(2, 4), { total: 4, page: 2 });

beforeEach(() => {
  jest.useFakeTimers();
  searchMock.mockReset();
});
afterEach(() => jest.useRealTimers());

it('keeps the failed first load’s message while the refresh asks again, until it answers', async () => {
  const refresh = deferred();
  searchMock.mockRejectedValueOnce(new Error('réseau')).mockReturnValueOnce(refresh.promise);
  const { result } = renderResults();
  await flush();
  expect(result.current.status).toBe('error');
  await advance(LISTING_REFRESH_MS);
  expect(searchMock).toHaveBeenCalledTimes(2);
  // Being asked again: still the error, never the spinner.
  expect(result.current.status).toBe('error');
  await act(async () => refresh.resolve(searchPage(list)));
  expect(result.current.status).toBe('ready');
});

it('shows only the first page when the visitor comes back to a search whose next pages were loaded, and asks only that page', async () => {
  searchMock.mockImplementation(twoPages);
  const first = renderResults();
  await flush();
  act(() => first.result.current.loadMore());
  await flush();
  expect(titles(first.result.current)).toHaveLength(4);
  first.unmount();
  await flush();
  searchMock.mockClear();

  const again = renderResults(EMPTY_SEARCH, first.client);
  expect(titles(again.result.current)).toEqual(list.slice(0, 2).map((a) => a.titre));
  await flush();
  expect(searchMock.mock.calls.map(([, page]) => page)).toEqual([1]);
  again.unmount();
});

it('leaves a search with its first page only: a new search and back shows that page, the pages loaded are not asked again', async () => {
  searchMock.mockImplementation(twoPages);
  const view = renderResults();
  await flush();
  act(() => view.result.current.loadMore());
  await flush();
  expect(titles(view.result.current)).toHaveLength(4);
  const other = { ...EMPTY_SEARCH, texte: 'sablon' };
  view.rerender({ search: other });
  // The former results stay whole while the new search waits and loads.
  expect(titles(view.result.current)).toHaveLength(4);
  expect(view.result.current.updating).toBe(true);
  await advance(SEARCH_DEBOUNCE_MS);
  expect(view.result.current.updating).toBe(false);
  searchMock.mockClear();
  view.rerender({ search: EMPTY_SEARCH });
  await advance(SEARCH_DEBOUNCE_MS);
  expect(titles(view.result.current)).toHaveLength(2);
  expect(searchMock.mock.calls.map(([s, page]) => [s.texte, page])).toEqual([['', 1]]);
});

it('hides the failed « Afficher plus » message while the next page is asked again, and shows it when that fails too', async () => {
  const retry = deferred();
  searchMock
    .mockResolvedValueOnce(searchPage(list.slice(0, 2), { total: 4 }))
    .mockRejectedValueOnce(new Error('réseau'))
    .mockReturnValueOnce(retry.promise);
  const { result } = renderResults();
  await flush();
  act(() => result.current.loadMore());
  await flush();
  expect(result.current).toMatchObject({ status: 'ready', loadingMore: false, moreFailed: true });
  expect(titles(result.current)).toHaveLength(2);
  act(() => result.current.loadMore());
  expect(result.current).toMatchObject({ loadingMore: true, moreFailed: false });
  await act(async () => retry.reject(new Error('réseau')));
  expect(result.current).toMatchObject({ status: 'ready', loadingMore: false, moreFailed: true });
  expect(titles(result.current)).toHaveLength(2);
});

it('asks a new search once the visitor pauses, the former results shown meanwhile marked as updating', async () => {
  searchMock.mockResolvedValue(searchPage(list));
  const view = renderResults();
  await flush();
  expect(searchMock).toHaveBeenCalledTimes(1);
  for (const texte of ['s', 'sa', 'sab']) {
    view.rerender({ search: { ...EMPTY_SEARCH, texte } });
    await advance(SEARCH_DEBOUNCE_MS - 50);
  }
  expect(searchMock).toHaveBeenCalledTimes(1);
  expect(view.result.current).toMatchObject({ status: 'ready', updating: true });
  await advance(50);
  expect(searchMock).toHaveBeenCalledTimes(2);
  expect(searchMock.mock.calls.at(-1)![0].texte).toBe('sab');
  expect(view.result.current).toMatchObject({ status: 'ready', updating: false });
});

it('never shows a late answer of an older search over the newer one', async () => {
  const older = deferred();
  searchMock
    .mockResolvedValueOnce(searchPage(list))
    .mockReturnValueOnce(older.promise)
    .mockResolvedValueOnce(searchPage(list.slice(0, 1)));
  const view = renderResults();
  await flush();
  view.rerender({ search: { ...EMPTY_SEARCH, texte: 'a' } });
  await advance(SEARCH_DEBOUNCE_MS);
  view.rerender({ search: { ...EMPTY_SEARCH, texte: 'b' } });
  await advance(SEARCH_DEBOUNCE_MS);
  expect(titles(view.result.current)).toEqual([list[0]!.titre]);
  await act(async () => older.resolve(searchPage(list.slice(0, 3))));
  expect(titles(view.result.current)).toEqual([list[0]!.titre]);
});

it('shows the spinner, not the refusal, while a new search follows a refused stay', async () => {
  searchMock.mockResolvedValueOnce({ refus: 'Séjour trop long.' }).mockResolvedValueOnce(searchPage(list));
  const view = renderResults();
  await flush();
  expect(view.result.current).toMatchObject({ status: 'refused', message: 'Séjour trop long.' });
  view.rerender({ search: { ...EMPTY_SEARCH, texte: 'loft' } });
  expect(view.result.current).toMatchObject({ status: 'loading', updating: true });
  await advance(SEARCH_DEBOUNCE_MS);
  expect(view.result.current).toMatchObject({ status: 'ready', updating: false });
});

it('asks no page past the total, and refreshes no more once two pages are shown', async () => {
  searchMock.mockImplementation(twoPages);
  const { result } = renderResults();
  await flush();
  act(() => result.current.loadMore());
  await flush();
  act(() => result.current.loadMore());
  await flush();
  expect(searchMock.mock.calls.map(([, page]) => page)).toEqual([1, 2]);
  await advance(3 * LISTING_REFRESH_MS);
  expect(searchMock).toHaveBeenCalledTimes(2);
  expect(result.current).toMatchObject({ status: 'ready', page: 2, total: 4 });
});

it('drops a next page still being asked when the visitor leaves the search: coming back shows its first page only', async () => {
  const more = deferred();
  searchMock.mockImplementation(async (s, page) => {
    if (s.texte !== '') return searchPage([]);
    return page === 1 ? searchPage(list.slice(0, 2), { total: 4 }) : more.promise;
  });
  const view = renderResults();
  await flush();
  act(() => view.result.current.loadMore());
  expect(view.result.current).toMatchObject({ loadingMore: true });
  view.rerender({ search: { ...EMPTY_SEARCH, texte: 'sablon' } });
  await advance(SEARCH_DEBOUNCE_MS);
  await flush();
  expect(view.result.current).toMatchObject({ status: 'ready', items: [], updating: false });
  await act(async () => more.resolve(searchPage(list.slice(2, 4), { total: 4, page: 2 })));
  view.rerender({ search: EMPTY_SEARCH });
  await advance(SEARCH_DEBOUNCE_MS);
  expect(titles(view.result.current)).toEqual(list.slice(0, 2).map((a) => a.titre));
});
