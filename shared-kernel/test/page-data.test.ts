import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { appartementsApi } from '../src/api/endpoints';
import { httpClient } from '../src/api/http';
import { resetPageDataForTests, serverRenderedModulesInPage, setServerPageData, takePageData } from '../src/api/page-data';
import { appartementPath } from '../src/domain/page-data-keys';

const requested: string[] = [];
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requested.push(String(config.url));
  return { data: { id: 9, slug: 'loft', titre: 'Du réseau', images: [] }, status: 200, statusText: 'OK', headers: {}, config };
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
  resetPageDataForTests();
  document.getElementById('sm-donnees-initiales')?.remove();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(async () => {
  (await httpClient()).defaults.adapter = originalAdapter;
});

describe('data written into the page by the server', () => {
  it("answers the page's first request of an apartment without the network, and the next one from the network", async () => {
    writeBlock({ [appartementPath('loft')]: { id: 1, slug: 'loft', titre: 'Loft de la page', images: ['/media/demo/loft-1.jpg'] } });
    expect((await appartementsApi.bySlug('loft')).titre).toBe('Loft de la page');
    expect(requested).toEqual([]);
    expect((await appartementsApi.bySlug('loft')).titre).toBe('Du réseau');
    expect(requested).toEqual(['/appartements/slug/loft']);
  });

  it('gives the apartment at once for a first render, once, then the network answers', async () => {
    writeBlock({ [appartementPath('loft')]: { id: 1, slug: 'loft', titre: 'Loft de la page', images: [] } });
    expect(appartementsApi.bySlugInPage('loft')?.titre).toBe('Loft de la page');
    expect(appartementsApi.bySlugInPage('loft')).toBeUndefined();
    expect((await appartementsApi.bySlug('loft')).titre).toBe('Du réseau');
    expect(requested).toEqual(['/appartements/slug/loft']);
  });

  it("answers an apartment by its slug's API path", () => {
    writeBlock({ [appartementPath('loft cathédrale')]: { id: 2, titre: 'Loft' } });
    expect(takePageData('/appartements/slug/loft%20cath%C3%A9drale')).toEqual({ id: 2, titre: 'Loft' });
    expect(takePageData('/appartements/slug/loft%20cath%C3%A9drale')).toBeUndefined();
  });

  it('is ignored when a session token exists (the server wrote the anonymous view) or when the block is not JSON', async () => {
    writeBlock({ [appartementPath('loft')]: { id: 1, titre: 'Vue anonyme' } });
    window.localStorage.setItem('token', 'jeton');
    expect((await appartementsApi.bySlug('loft')).titre).toBe('Du réseau');
    document.getElementById('sm-donnees-initiales')?.remove();
    window.localStorage.clear();
    resetPageDataForTests();
    writeBlock('{ pas du json');
    expect(takePageData(appartementPath('loft'))).toBeUndefined();
  });
});

describe('server rendering', () => {
  it('answers from the data of the render under way, as often as asked, and from nothing after it', () => {
    setServerPageData({ [appartementPath('loft')]: { id: 1, slug: 'loft', titre: 'Loft du serveur', images: [] } });
    expect(appartementsApi.bySlugInPage('loft')?.titre).toBe('Loft du serveur');
    expect(appartementsApi.bySlugInPage('loft')?.titre).toBe('Loft du serveur');
    expect(appartementsApi.bySlugInPage('autre')).toBeUndefined();
    setServerPageData(null);
    expect(takePageData(appartementPath('loft'))).toBeUndefined();
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
