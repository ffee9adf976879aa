import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { InfiniteQueryObserver, QueryObserver } from '@tanstack/react-query';
import { appartementsApi } from '../src/api/endpoints';
import { httpClient } from '../src/api/http';
import { pageDataInPage, serverRenderedModulesInPage, setServerPageData, takePageData } from '../src/api/page-data';
import { fillPageQueries, pageQuery } from '../src/api/page-queries';
import { queries } from '../src/api/queries';
import { createQueryClient, isFreshPageData } from '../src/api/query';
import { appartementPath, appartementReviewsPath } from '../src/domain/page-data-keys';
import { EMPTY_SEARCH, readStaySearch, searchDataKey, type StaySearch } from '../src/rules/search';

const requested: string[] = [];
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requested.push(String(config.url));
  return { data: { id: 9, slug: 'du-reseau', titre: 'Du réseau', images: [] }, status: 200, statusText: 'OK', headers: {}, config };
};
let originalAdapter: AxiosAdapter | undefined;
beforeAll(async () => {
  originalAdapter = (await httpClient()).defaults.adapter as AxiosAdapter | undefined;
});

function writeBlock(data: unknown): HTMLScriptElement {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'sm-donnees-initiales';
  block.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  document.body.appendChild(block);
  return block;
}

beforeEach(async () => {
  requested.length = 0;
  (await httpClient()).defaults.adapter = adapter;
  document.getElementById('sm-donnees-initiales')?.remove();
  window.localStorage.clear();
});
afterEach(() => jest.useRealTimers());
afterAll(async () => {
  (await httpClient()).defaults.adapter = originalAdapter;
});

/** Subscribes as a mounted screen does; the observer fetches on mount when the cache's answer is stale. */
function mount<T>(client: ReturnType<typeof createQueryClient>, options: object) {
  const observer = new QueryObserver(client, options as never);
  const unsubscribe = observer.subscribe(() => undefined);
  return { result: observer.getCurrentResult() as { data: T | undefined; isFetching: boolean }, unsubscribe };
}

const loftRaw = { id: 2, slug: 'loft cathédrale', titre: 'Loft de la page', images: ['/media/demo/loft-1.jpg'] };
const reviewsRaw = { avis: [], moyenne: 4.5, nombreAvis: 2, repartition: { 5: 1, 4: 1, 3: 0, 2: 0, 1: 0 } };
const searchRaw = {
  appartements: [{ id: 1, slug: 'loft', titre: 'Loft', images: [], sejour: { nuits: 3, totalCents: 41200 } }],
  total: 1,
  page: 1,
  parPage: 24,
  facettes: { prixMin: 50, prixMax: 150, localisations: ['Metz Centre'], villes: [{ ville: 'Metz', slug: 'metz', nombre: 1 }] },
};

describe('the page’s data in the query cache', () => {
  it('puts each answer under the key of the query a screen asks, decoded as its fetcher would, and nothing is asked', async () => {
    const client = createQueryClient();
    const search: StaySearch = { ...EMPTY_SEARCH, arrivee: '2031-03-10', depart: '2031-03-13', adultes: 2 };
    fillPageQueries(client, {
      [appartementPath('loft cathédrale')]: loftRaw,
      [appartementReviewsPath(2)]: reviewsRaw,
      [searchDataKey(search)]: searchRaw,
      '/paiements/options': { virement: true },
    });
    expect(client.getQueryData(queries.apartment('loft cathédrale').queryKey)).toMatchObject({ id: 2, titre: 'Loft de la page' });
    expect(client.getQueryData(queries.apartmentReviews(2).queryKey)).toEqual(reviewsRaw);
    // The search's first page, as its infinite query holds it.
    const pages = client.getQueryData(queries.searchPages(search).queryKey);
    expect(pages?.pageParams).toEqual([1]);
    const page = pages?.pages[0];
    expect(page && 'page' in page ? page.page.appartements[0]!.sejour : null).toEqual({ nuits: 3, totalCents: 41200, total: 412 });
    expect(client.getQueryData(queries.publicAnswer('/paiements/options').queryKey)).toEqual({ virement: true });
    // Screens mounting now read the cache and ask nothing.
    const apartment = mount<{ titre: string }>(client, queries.apartment('loft cathédrale'));
    const reviews = mount(client, queries.apartmentReviews(2));
    const results = new InfiniteQueryObserver(client, queries.searchPages(search));
    const unsubscribeResults = results.subscribe(() => undefined);
    expect(apartment.result.data?.titre).toBe('Loft de la page');
    expect(apartment.result.isFetching).toBe(false);
    expect(results.getCurrentResult().isFetching).toBe(false);
    expect(results.getCurrentResult().data?.pages).toHaveLength(1);
    await Promise.resolve();
    expect(requested).toEqual([]);
    apartment.unsubscribe();
    reviews.unsubscribe();
    unsubscribeResults();
  });

  it('keys a refused search (the server’s { refus }) as the search query answers it', () => {
    const client = createQueryClient();
    fillPageQueries(client, { [searchDataKey(EMPTY_SEARCH)]: { refus: 'Séjour trop long.' } });
    expect(client.getQueryData(queries.searchPages(EMPTY_SEARCH).queryKey)).toEqual({
      pages: [{ refus: 'Séjour trop long.' }],
      pageParams: [1],
    });
  });

  it('finds the search back from its data key, whatever the filters', () => {
    const searches: StaySearch[] = [
      EMPTY_SEARCH,
      readStaySearch(new URLSearchParams('arrivee=2031-03-10&depart=2031-03-13&adultes=3&enfants=1&ville=metz&tri=prix-croissant')),
      readStaySearch(
        new URLSearchParams(
          'q=loft%20gare&prixMin=40&prixMax=120&equipement=Wifi&equipement=Parking&localisation=Metz%20Centre&chambres=2&sallesDeBain=1',
        ),
      ),
    ];
    for (const search of searches)
      expect(pageQuery(searchDataKey(search), searchRaw).queryKey).toEqual(queries.searchPages(search).queryKey);
  });

  it('is asked again once it is no longer fresh, and an answer fetched since is stale at once as any other', async () => {
    // The page was loaded 31 s ago.
    jest.useFakeTimers({ now: Date.now() - 31_000, doNotFake: ['queueMicrotask', 'nextTick'] });
    const client = createQueryClient();
    fillPageQueries(client, { [appartementPath('loft')]: { ...loftRaw, slug: 'loft' } });
    expect(isFreshPageData(client.getQueryState(queries.apartment('loft').queryKey))).toBe(true);
    jest.useRealTimers();
    expect(isFreshPageData(client.getQueryState(queries.apartment('loft').queryKey))).toBe(false);
    const later = mount<{ titre: string }>(client, queries.apartment('loft'));
    expect(later.result.isFetching).toBe(true);
    await client.getQueryCache().find({ queryKey: queries.apartment('loft').queryKey })!.promise;
    expect(requested).toEqual(['/appartements/slug/loft']);
    expect(client.getQueryData<{ titre: string }>(queries.apartment('loft').queryKey)?.titre).toBe('Du réseau');
    expect(isFreshPageData(client.getQueryState(queries.apartment('loft').queryKey))).toBe(false);
    later.unsubscribe();
  });

  it('fills each render’s own client: two pages rendered at once never see each other’s data', () => {
    const first = createQueryClient();
    const second = createQueryClient();
    fillPageQueries(first, { [appartementPath('loft')]: { ...loftRaw, slug: 'loft', titre: 'Premier' } });
    fillPageQueries(second, { [appartementPath('loft')]: { ...loftRaw, slug: 'loft', titre: 'Second' } });
    expect(first.getQueryData<{ titre: string }>(queries.apartment('loft').queryKey)?.titre).toBe('Premier');
    expect(second.getQueryData<{ titre: string }>(queries.apartment('loft').queryKey)?.titre).toBe('Second');
  });
});

describe('the data block in the page', () => {
  it('is read for a visitor without a session, and ignored with a session token or when it is not JSON', () => {
    expect(pageDataInPage()).toBeUndefined();
    writeBlock({ [appartementPath('loft')]: loftRaw });
    expect(pageDataInPage()).toEqual({ [appartementPath('loft')]: loftRaw });
    window.localStorage.setItem('token', 'jeton');
    expect(pageDataInPage()).toBeUndefined();
    window.localStorage.clear();
    document.getElementById('sm-donnees-initiales')?.remove();
    writeBlock('{ pas du json');
    expect(pageDataInPage()).toBeUndefined();
  });

  it('is no longer handed out through the calls of kernel 0.1.3, which find nothing and fetch', async () => {
    writeBlock({ [appartementPath('loft')]: loftRaw });
    setServerPageData({ [appartementPath('loft')]: loftRaw });
    expect(takePageData(appartementPath('loft'))).toBeUndefined();
    expect(appartementsApi.bySlugInPage('loft')).toBeUndefined();
    expect((await appartementsApi.bySlug('loft')).titre).toBe('Du réseau');
    expect(requested).toEqual(['/appartements/slug/loft']);
  });

  it('reads the modules the server rendered, and null for a page it did not render or a malformed block', () => {
    expect(serverRenderedModulesInPage()).toBeNull();
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'sm-rendu-serveur';
    block.textContent = '["catalog/HomePage"]';
    document.body.appendChild(block);
    expect(serverRenderedModulesInPage()).toEqual(['catalog/HomePage']);
    block.textContent = '[1]';
    expect(serverRenderedModulesInPage()).toBeNull();
    block.remove();
  });
});

describe('the search’s pages', () => {
  const page = (n: number, count: number, total: number) => ({ page: { ...pageOf(count), page: n, total } });
  function pageOf(count: number) {
    return { ...searchRaw, appartements: Array.from({ length: count }, (_, i) => ({ ...searchRaw.appartements[0]!, id: i + 1 })) };
  }
  const next = queries.searchPages(EMPTY_SEARCH).getNextPageParam as (last: unknown, pages: unknown[]) => number | undefined;

  it('start at page 1 and go on while the pages so far hold fewer apartments than the total', () => {
    expect(queries.searchPages(EMPTY_SEARCH).initialPageParam).toBe(1);
    const first = page(1, 24, 30);
    expect(next(first, [first])).toBe(2);
    const second = page(2, 6, 30);
    expect(next(second, [first, second])).toBeUndefined();
    const exact = page(1, 24, 24);
    expect(next(exact, [exact])).toBeUndefined();
  });

  it('stop after a refusal or an empty page, whatever the total says', () => {
    expect(next({ refus: 'Séjour trop long.' }, [{ refus: 'Séjour trop long.' }])).toBeUndefined();
    const empty = page(2, 0, 30);
    expect(next(empty, [page(1, 24, 30), empty])).toBeUndefined();
  });
});
