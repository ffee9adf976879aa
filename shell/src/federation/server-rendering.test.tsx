/**
 * RemoteView across server rendering (kernel render-mode.ts): the server renders the modules it
 * was given in place, and a fragment without a server build as its loading view; the browser
 * hydrates that HTML without a mismatch, keeps the server's nodes, and loads the other fragment after.
 */
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import {
  decodeAppartement,
  HydrationContext,
  loadRemoteDefault,
  REMOTE_UNAVAILABLE,
  RemoteView,
  ServerModulesContext,
  type Hydration,
} from 'shared-kernel';
import { registerStartupRemotes } from './remotes';
import { resetRemotes } from '../testing/remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.Mock;

function PanelStub() {
  return <p>Panneau de réservation</p>;
}

const duplex = decodeAppartement({ id: 7, slug: 'duplex', titre: 'Duplex place Saint-Louis' });

function PageStub() {
  return (
    <article>
      <h1>Duplex place Saint-Louis</h1>
      <RemoteView module="booking/BookingPanel" props={{ appartement: duplex }} loading={<p>Préparation du calendrier…</p>} />
    </article>
  );
}

function Page() {
  return (
    <StrictMode>
      <MemoryRouter initialEntries={['/appartement/duplex']}>
        <RemoteView module="catalog/ApartmentPage" />
      </MemoryRouter>
    </StrictMode>
  );
}

beforeEach(() => {
  resetRemotes({ views: true });
});

describe('server rendering of remote modules', () => {
  it('renders a module of a server build in place, and a fragment without one as its loading view', () => {
    const html = renderToString(
      <ServerModulesContext.Provider value={new Map([['catalog/ApartmentPage', PageStub]])}>
        <Page />
      </ServerModulesContext.Provider>,
    );
    expect(html).toContain('<h1>Duplex place Saint-Louis</h1>');
    expect(html).toContain('<p>Préparation du calendrier…</p>');
    expect(html).not.toContain('Panneau de réservation');
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates the server HTML without a warning, keeps its nodes, then loads the fragment', async () => {
    const html = renderToString(
      <ServerModulesContext.Provider value={new Map([['catalog/ApartmentPage', PageStub]])}>
        <Page />
      </ServerModulesContext.Provider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const serverHeading = container.querySelector('h1');

    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json', booking: '/mfe/booking/mf-manifest.json' });
    let releasePage: () => void = () => undefined;
    load.mockImplementation((module: string) =>
      module === 'catalog/ApartmentPage'
        ? new Promise((resolve) => (releasePage = () => resolve({ default: PageStub })))
        : Promise.resolve({ default: PanelStub }),
    );
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    const hydration: Hydration = { modules: new Set(['catalog/ApartmentPage']), done: false };
    const root = await act(async () =>
      hydrateRoot(
        container,
        <HydrationContext.Provider value={hydration}>
          <Page />
        </HydrationContext.Provider>,
        { onRecoverableError: recoverable },
      ),
    );
    // The page's code is still on its way: the server's HTML stays as it is.
    expect(container.innerHTML).toBe(html);
    await act(async () => releasePage());
    expect(await screen.findByText('Panneau de réservation')).toBeTruthy();
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(load).toHaveBeenCalledWith('booking/BookingPanel');
    await waitFor(() => expect(screen.queryByText('Préparation du calendrier…')).toBeNull());
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
  });

  it('hydrates a page whose module was loaded first in one pass: its buttons work at once', async () => {
    function CounterPage() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((n) => n + 1)}>
          Clics : {count}
        </button>
      );
    }
    const page = (
      <StrictMode>
        <MemoryRouter initialEntries={['/']}>
          <RemoteView module="catalog/HomePage" />
        </MemoryRouter>
      </StrictMode>
    );
    const html = renderToString(
      <ServerModulesContext.Provider value={new Map([['catalog/HomePage', CounterPage]])}>{page}</ServerModulesContext.Provider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
    load.mockResolvedValue({ default: CounterPage });
    await loadRemoteDefault('catalog/HomePage');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const hydration: Hydration = { modules: new Set(['catalog/HomePage']), done: false };
    let root: ReturnType<typeof hydrateRoot> | undefined;
    // Synchronously, as the shell replays an early click right after hydrateRoot.
    act(() => {
      root = hydrateRoot(container, <HydrationContext.Provider value={hydration}>{page}</HydrationContext.Provider>);
      container.querySelector('button')!.click();
    });
    expect(container.querySelector('button')!.textContent).toBe('Clics : 1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors).not.toHaveBeenCalled();
    act(() => root!.unmount());
    container.remove();
  });

  it("keeps the server's HTML readable when the page's code cannot be loaded, under the fallback's message, until 'Réessayer' works", async () => {
    /** A parent that re-renders the view: the kept HTML must survive it. */
    function Shell() {
      const [clicks, setClicks] = useState(0);
      return (
        <StrictMode>
          <MemoryRouter initialEntries={['/appartement/duplex']}>
            <button type="button" onClick={() => setClicks((n) => n + 1)}>
              En-tête {clicks}
            </button>
            <RemoteView module="catalog/ApartmentPage" />
          </MemoryRouter>
        </StrictMode>
      );
    }
    const html = renderToString(
      <ServerModulesContext.Provider value={new Map([['catalog/ApartmentPage', PageStub]])}>{<Shell />}</ServerModulesContext.Provider>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const serverHeading = container.querySelector('h1');
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json', booking: '/mfe/booking/mf-manifest.json' });
    load.mockRejectedValue(new Error('ScriptNetworkError'));
    // As the shell does before hydrating: the page's code fails.
    await expect(loadRemoteDefault('catalog/ApartmentPage')).rejects.toThrow();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    const hydration: Hydration = {
      modules: new Set(['catalog/ApartmentPage']),
      failed: new Set(['catalog/ApartmentPage']),
      path: '/appartement/duplex',
      done: false,
    };
    const root = await act(async () =>
      hydrateRoot(container, <HydrationContext.Provider value={hydration}>{<Shell />}</HydrationContext.Provider>, {
        onRecoverableError: recoverable,
      }),
    );

    // The text stays, the same nodes, with the fallback's message and 'Réessayer' above it.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(REMOTE_UNAVAILABLE);
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(screen.getByText('Préparation du calendrier…')).toBeTruthy();
    // The rest of the page is hydrated and works; a re-render of the parent keeps the server's HTML.
    fireEvent.click(screen.getByRole('button', { name: 'En-tête 0' }));
    expect(await screen.findByRole('button', { name: 'En-tête 1' })).toBeTruthy();
    expect(container.querySelector('h1')).toBe(serverHeading);
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();

    // The code is back: 'Réessayer' renders the page from it.
    load.mockImplementation((module: string) => Promise.resolve({ default: module === 'catalog/ApartmentPage' ? PageStub : PanelStub }));
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Panneau de réservation')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Duplex place Saint-Louis' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
