/**
 * The page's data across server rendering (issue 33 item 3): the server renders from a query cache
 * filled with the data it writes into the page, the browser's cache is filled from that block before
 * hydration, so the page hydrates without a mismatch and asks the API nothing.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act } from '@testing-library/react';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  appartementPath,
  appartementsApi,
  HydrationContext,
  loadRemoteDefault,
  PAGE_DATA_ELEMENT_ID,
  queries,
  useQuery,
  type Hydration,
} from 'shared-kernel';
import { App } from './app/App';
import { registerStartupRemotes } from './federation/remotes';
import { ServerApp } from './server';
import { resetRemotes } from './testing/remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.Mock;

/** An apartment page reading its apartment through the kernel's declared query, as the catalogue's does. */
function ApartmentStub() {
  const { data, isFetching } = useQuery(queries.apartment('duplex'));
  return (
    <article>
      <h1>{data ? data.titre : 'Chargement…'}</h1>
      {isFetching ? <p>Mise à jour…</p> : null}
    </article>
  );
}

const pageData = { [appartementPath('duplex')]: { id: 7, slug: 'duplex', titre: 'Duplex place Saint-Louis', images: [] } };

beforeEach(() => {
  resetRemotes({ views: true });
  window.history.pushState({}, '', '/appartement/duplex');
});

afterEach(() => {
  document.getElementById(PAGE_DATA_ELEMENT_ID)?.remove();
  jest.restoreAllMocks();
});

it('renders on the server from the page’s data, then hydrates from the same data without a mismatch or a request', async () => {
  const bySlug = jest.spyOn(appartementsApi, 'bySlug');
  const html = renderToString(
    <ServerApp url="/appartement/duplex" modules={new Map([['catalog/ApartmentPage', ApartmentStub]])} data={pageData} />,
  );
  expect(html).toContain('<h1>Duplex place Saint-Louis</h1>');
  expect(html).not.toContain('Mise à jour…');

  // What the server writes into the page: the HTML and the data block.
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ELEMENT_ID;
  block.textContent = JSON.stringify(pageData);
  document.body.appendChild(block);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const serverHeading = container.querySelector('h1');

  registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
  load.mockResolvedValue({ default: ApartmentStub });
  await loadRemoteDefault('catalog/ApartmentPage');
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const recoverable = jest.fn();
  const hydration: Hydration = { modules: new Set(['catalog/ApartmentPage']), done: false };
  const root = await act(async () =>
    hydrateRoot(
      container,
      <StrictMode>
        <HydrationContext.Provider value={hydration}>
          <App />
        </HydrationContext.Provider>
      </StrictMode>,
      { onRecoverableError: recoverable },
    ),
  );
  await act(async () => undefined);
  expect(container.querySelector('h1')).toBe(serverHeading);
  expect(serverHeading?.textContent).toBe('Duplex place Saint-Louis');
  expect(container.textContent).not.toContain('Mise à jour…');
  expect(bySlug).not.toHaveBeenCalled();
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});

it('asks the API when the page holds no data (a signed-in visitor’s page, or one the server did not render)', async () => {
  const bySlug = jest.spyOn(appartementsApi, 'bySlug').mockResolvedValue({ id: 7, slug: 'duplex', titre: 'Duplex du réseau' } as never);
  registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
  load.mockResolvedValue({ default: ApartmentStub });
  await loadRemoteDefault('catalog/ApartmentPage');
  const container = document.createElement('div');
  document.body.appendChild(container);
  const { createRoot } = await import('react-dom/client');
  const root = createRoot(container);
  await act(async () => root.render(<App />));
  await act(async () => undefined);
  expect(bySlug).toHaveBeenCalledWith('duplex');
  expect(container.querySelector('h1')?.textContent).toBe('Duplex du réseau');
  act(() => root.unmount());
  container.remove();
});
