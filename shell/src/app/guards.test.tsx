import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { act, screen, waitFor } from '@testing-library/react';
import { sessionWriter } from 'shared-kernel';
import { registerAdminRemoteWhenAdmin, registerStartupRemotes } from '../federation/remotes';
import { currentLocation, renderApp, sessionAdmin, sessionClient } from '../testing/render';
import { resetRemotes } from '../testing/remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const load = loadRemote as jest.Mock;

function Page({ label }: { label: string }) {
  return <h1>{label}</h1>;
}

const REMOTES = {
  catalog: '/mfe/catalog/mf-manifest.json',
  account: '/mfe/account/mf-manifest.json',
  admin: '/mfe/admin/mf-manifest.json',
};

beforeEach(() => {
  resetRemotes({ views: true });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  load.mockImplementation(async (id: string) => ({ default: () => <Page label={`distant ${id}`} /> }));
  registerStartupRemotes(REMOTES);
  registerAdminRemoteWhenAdmin(async () => REMOTES.admin);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('route table and guards', () => {
  it.each([
    ['/', 'catalog/HomePage'],
    ['/about', 'catalog/AboutPage'],
    ['/faq', 'catalog/FaqPage'],
    ['/loyer-garanti', 'catalog/OwnersPage'],
    ['/proprietaires', 'catalog/OwnersPage'],
    ['/appartement/studio-gare', 'catalog/ApartmentPage'],
    ['/appartement/studio-gare/avis', 'catalog/ReviewsPage'],
  ])('%s shows %s to a visitor', async (path, module) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: `distant ${module}` })).toBeTruthy();
  });

  it.each(['/profile', '/messagerie', '/appartement/studio-gare/checkout', '/reservation/12'])(
    '%s sends a visitor to /login with the way back',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(path)}`));
      expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
    },
  );

  it('shows a page that needs a session to the signed-in user', async () => {
    sessionWriter.signedIn(sessionClient);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'distant account/ProfilePage' })).toBeTruthy();
    expect(currentLocation()).toBe('/profile');
  });

  it.each(['/admin/add-appartement', '/admin/reservations', '/admin/client/3'])(
    '%s sends a client to /login, invited to use an admin account',
    async (path) => {
      sessionWriter.signedIn(sessionClient);
      renderApp(path);
      await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(path)}`));
      expect(
        await screen.findByText('Cette page est réservée aux administrateurs. Connectez-vous avec un compte administrateur.'),
      ).toBeTruthy();
      expect(screen.getByLabelText(/Email/)).toBeTruthy();
      expect(registerRemotes).not.toHaveBeenCalledWith([expect.objectContaining({ name: 'admin' })]);
    },
  );

  it.each([
    ['/admin/add-appartement', 'admin/AddApartmentPage'],
    ['/admin/reservations', 'admin/ReservationsPage'],
    ['/admin/client/3', 'admin/ClientPage'],
  ])('%s shows %s to an admin', async (path, module) => {
    act(() => sessionWriter.signedIn(sessionAdmin));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: `distant ${module}` })).toBeTruthy();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'admin', entry: '/mfe/admin/mf-manifest.json' }]);
  });

  it('shows the 404 page for an unknown admin address', async () => {
    sessionWriter.signedIn(sessionAdmin);
    renderApp('/admin/inconnu');
    expect(await screen.findByRole('heading', { name: 'Page non trouvée' })).toBeTruthy();
  });
});
