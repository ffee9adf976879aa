import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderApp } from '../testing/render';
import { registerStartupRemotes } from './remotes';
import { RemoteView } from 'shared-kernel';
import { resetRemotes } from '../testing/remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.Mock;

function HomeStub() {
  return <h1>Accueil distant</h1>;
}

beforeEach(() => {
  resetRemotes({ views: true });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

function renderView(ui: React.ReactNode, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

describe('RemoteView', () => {
  it('shows a spinner, then the default export of the remote module', async () => {
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
    load.mockResolvedValueOnce({ default: HomeStub });
    renderView(<RemoteView module="catalog/HomePage" />);
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(await screen.findByRole('heading', { name: 'Accueil distant' })).toBeTruthy();
    expect(load).toHaveBeenCalledWith('catalog/HomePage');
  });

  it('shows the fallback for a remote missing from the configuration', async () => {
    renderView(<RemoteView module="booking/CheckoutPage" title="Réserver votre séjour" />);
    expect(await screen.findByText('Cette partie du site est momentanément indisponible.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    expect(document.title).toBe('Réserver votre séjour | Séjours Messins');
  });

  it('shows the fallback when the remote fails, and loads it on Réessayer once it is back', async () => {
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
    load.mockRejectedValueOnce(new Error('404 mf-manifest.json'));
    renderView(<RemoteView module="catalog/HomePage" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Cette partie du site est momentanément indisponible.')).toBeTruthy();

    load.mockResolvedValueOnce({ default: HomeStub });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { name: 'Accueil distant' })).toBeTruthy();
    expect(screen.queryByText('Cette partie du site est momentanément indisponible.')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps showing the fallback when a retry fails again', async () => {
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
    load.mockRejectedValue(new Error('down'));
    renderView(<RemoteView module="catalog/HomePage" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });

  it('renders nothing for a fragment with fallback={null} that cannot load', async () => {
    const { container } = renderView(
      <div data-testid="slot">
        <RemoteView module="messaging/HeaderLink" fallback={null} />
      </div>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(within(container).getByTestId('slot').innerHTML).toBe('');
  });

  it('loads a module once and shows it again at once when navigating back', async () => {
    registerStartupRemotes({ catalog: '/mfe/catalog/mf-manifest.json' });
    function Page() {
      return <h1>Page distante</h1>;
    }
    load.mockResolvedValue({ default: Page });
    renderView(
      <>
        <Link to="/">accueil</Link>
        <Link to="/autre">autre</Link>
        <Routes>
          <Route path="/" element={<RemoteView module="catalog/HomePage" />} />
          <Route path="/autre" element={<p>Autre page</p>} />
        </Routes>
      </>,
    );
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Page distante' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'autre' }));
    expect(screen.getByText('Autre page')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'accueil' }));
    // Same lazy component: shown at once, no spinner, no second download.
    expect(screen.getByRole('heading', { name: 'Page distante' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps header and footer working when the page remote is unavailable', async () => {
    renderApp('/');
    expect(await screen.findByText('Cette partie du site est momentanément indisponible.')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await userEvent.setup().click(within(screen.getByRole('banner')).getByRole('link', { name: 'Connexion' }));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});
