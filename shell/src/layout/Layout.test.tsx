import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  authApi,
  getSession,
  registerRemote,
  resetRegistryForTests,
  resetRemoteViewsForTests,
  sessionWriter,
  setRuntimeConfig,
} from 'shared-kernel';
import { currentLocation, renderApp, resetState, sessionClient } from '../testing/render';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const logoutCall = authApi.logout as jest.Mock;
const load = loadRemote as jest.Mock;

beforeEach(() => {
  resetState();
  resetRegistryForTests();
  resetRemoteViewsForTests();
  jest.clearAllMocks();
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function header(): HTMLElement {
  return screen.getByRole('banner');
}

describe('header and footer', () => {
  it('shows the logo, the content links and Connexion when signed out', () => {
    renderApp('/forgot-password');
    const banner = within(header());
    expect(banner.getByRole('link', { name: 'Séjours Messins' }).getAttribute('href')).toBe('/');
    const nav = within(banner.getByRole('navigation', { name: 'Navigation principale' }));
    expect(nav.getByRole('link', { name: 'À propos' }).getAttribute('href')).toBe('/about');
    expect(nav.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    expect(nav.getByRole('link', { name: 'Propriétaires' }).getAttribute('href')).toBe('/loyer-garanti');
    expect(banner.getByRole('link', { name: 'Connexion' }).getAttribute('href')).toBe('/login');
    expect(banner.queryByRole('button', { name: 'Déconnexion' })).toBeNull();
    expect(banner.queryByRole('link', { name: 'Mon profil' })).toBeNull();
  });

  it('uses the site name of the runtime configuration', () => {
    setRuntimeConfig({ siteName: 'Séjours Test' });
    renderApp('/forgot-password');
    expect(within(header()).getByRole('link', { name: 'Séjours Test' })).toBeTruthy();
  });

  it('shows the avatar link and Déconnexion when signed in, with the initial when there is no photo', () => {
    sessionWriter.signedIn({ ...sessionClient, name: 'élodie Martin' });
    renderApp('/forgot-password');
    const banner = within(header());
    expect(banner.queryByRole('link', { name: 'Connexion' })).toBeNull();
    const profile = banner.getByRole('link', { name: 'Mon profil' });
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(within(profile).getByText('É')).toBeTruthy();
    expect(profile.querySelector('img')).toBeNull();
    expect(banner.getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });

  it('shows the photo, and the initial once the photo fails to load', () => {
    sessionWriter.signedIn({ ...sessionClient, photo: 'https://images.example/marie.jpg' });
    renderApp('/forgot-password');
    const profile = within(header()).getByRole('link', { name: 'Mon profil' });
    const img = profile.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://images.example/marie.jpg');
    expect(within(profile).queryByText('M')).toBeNull();
    fireEvent.error(img!);
    expect(profile.querySelector('img')).toBeNull();
    expect(within(profile).getByText('M')).toBeTruthy();
  });

  it('has a skip link to the main content and a footer with the current year', async () => {
    renderApp('/forgot-password');
    const skip = screen.getByRole('link', { name: 'Aller au contenu' });
    expect(skip.getAttribute('href')).toBe('#contenu');
    const main = screen.getByRole('main');
    expect(main.id).toBe('contenu');
    await userEvent.setup().click(skip);
    expect(document.activeElement).toBe(main);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(`© ${new Date().getFullYear()} Séjours Messins. Tous droits réservés.`)).toBeTruthy();
    expect(footer.getByRole('link', { name: 'À propos' }).getAttribute('href')).toBe('/about');
    expect(footer.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    expect(footer.getByRole('link', { name: 'Propriétaires' }).getAttribute('href')).toBe('/loyer-garanti');
    expect(footer.getByRole('link', { name: 'Mentions légales' }).getAttribute('href')).toBe('/mentions-legales');
    expect(footer.getByRole('link', { name: 'CGV' }).getAttribute('href')).toBe('/cgv');
    expect(footer.getByRole('link', { name: 'Confidentialité' }).getAttribute('href')).toBe('/confidentialite');
  });
});

describe('logout', () => {
  it('clears storage and session, then goes to / after 100 ms even when the server call fails', async () => {
    jest.useFakeTimers();
    window.localStorage.setItem('token', 'jwt-local');
    window.sessionStorage.setItem('token', 'jwt-session');
    sessionWriter.signedIn(sessionClient);
    logoutCall.mockRejectedValueOnce(new Error('réseau'));
    renderApp('/forgot-password');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    await act(async () => {
      await Promise.resolve();
    });

    expect(logoutCall).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(getSession()).toEqual({ status: 'ready', user: null });
    expect(currentLocation()).toBe('/forgot-password');

    act(() => jest.advanceTimersByTime(99));
    expect(currentLocation()).toBe('/forgot-password');
    act(() => jest.advanceTimersByTime(1));
    expect(currentLocation()).toBe('/');
    expect(within(header()).getByRole('link', { name: 'Connexion' })).toBeTruthy();
  });

  it('from a page that needs a session, goes to / and not to /login', async () => {
    window.localStorage.setItem('token', 'jwt-local');
    sessionWriter.signedIn(sessionClient);
    logoutCall.mockResolvedValueOnce(undefined);
    renderApp('/profile');
    const seen: string[] = [];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => {
      seen.push(currentLocation());
      expect(currentLocation()).toBe('/');
    });
    expect(seen.some((path) => path.startsWith('/login'))).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('messaging fragments', () => {
  const MANIFEST = '/mfe/messaging/mf-manifest.json';

  function HeaderLinkStub() {
    return <a href="/messagerie">Messagerie distante</a>;
  }

  function NotifierStub() {
    return <p>Notifications distantes</p>;
  }

  /** The runtime configuration lists the messaging remote, registered as at start-up. */
  function withMessagingRemote() {
    setRuntimeConfig({ remotes: { messaging: MANIFEST } });
    registerRemote('messaging', MANIFEST);
    load.mockImplementation(async (module: string) => {
      if (module === 'messaging/HeaderLink') return { default: HeaderLinkStub };
      if (module === 'messaging/Notifier') return { default: NotifierStub };
      throw new Error(`unexpected ${module}`);
    });
  }

  it('shows the messaging link in the header and mounts the notifier once, for a signed-in user', async () => {
    withMessagingRemote();
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    const banner = within(header());
    const link = await banner.findByRole('link', { name: 'Messagerie distante' });
    // In the account area, before the avatar.
    const profile = banner.getByRole('link', { name: 'Mon profil' });
    expect(link.compareDocumentPosition(profile) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findAllByText('Notifications distantes')).toHaveLength(1);
    expect(within(header()).queryByText('Notifications distantes')).toBeNull();
    expect(screen.getByRole('main').textContent).not.toContain('Notifications distantes');
    expect(load.mock.calls.map((call) => call[0]).sort()).toEqual(['messaging/HeaderLink', 'messaging/Notifier']);
  });

  it('keeps the notifier mounted across pages', async () => {
    withMessagingRemote();
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    await screen.findByText('Notifications distantes');
    await userEvent.setup().click(within(header()).getByRole('link', { name: 'FAQ' }));
    expect(currentLocation()).toBe('/faq');
    expect(screen.getAllByText('Notifications distantes')).toHaveLength(1);
  });

  it('shows neither to a visitor', async () => {
    withMessagingRemote();
    renderApp('/forgot-password');
    await act(async () => undefined);
    expect(screen.queryByText('Messagerie distante')).toBeNull();
    expect(screen.queryByText('Notifications distantes')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows neither when the runtime configuration has no messaging remote', async () => {
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    await act(async () => undefined);
    expect(screen.queryByText('Messagerie distante')).toBeNull();
    expect(load).not.toHaveBeenCalled();
    expect(within(header()).getByRole('button', { name: 'Déconnexion' })).toBeTruthy();
  });

  it('shows nothing in their place when the remote fails to load', async () => {
    setRuntimeConfig({ remotes: { messaging: MANIFEST } });
    registerRemote('messaging', MANIFEST);
    load.mockRejectedValue(new Error('404 mf-manifest.json'));
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(screen.queryByText('Cette partie du site est momentanément indisponible.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(header()).getByRole('link', { name: 'Mon profil' })).toBeTruthy();
  });

  it('takes them away on sign-out', async () => {
    withMessagingRemote();
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    await screen.findByText('Notifications distantes');
    await screen.findByText('Messagerie distante');
    act(() => sessionWriter.signedOut());
    expect(screen.queryByText('Messagerie distante')).toBeNull();
    expect(screen.queryByText('Notifications distantes')).toBeNull();
  });
});

describe('Administration menu', () => {
  it('is not shown to a visitor or a client', () => {
    sessionWriter.signedIn(sessionClient);
    renderApp('/forgot-password');
    expect(within(header()).queryByRole('button', { name: /Administration/ })).toBeNull();
  });

  it('opens for an admin with its two links, and closes with Escape, focus back on the button', async () => {
    const user = userEvent.setup();
    sessionWriter.signedIn({ ...sessionClient, role: 'admin' });
    renderApp('/forgot-password');
    const toggle = within(header()).getByRole('button', { name: /Administration/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(header()).getByRole('link', { name: 'Tableau de bord' }).getAttribute('href')).toBe('/admin');
    expect(within(header()).getByRole('link', { name: 'Ajouter un appartement' }).getAttribute('href')).toBe('/admin/add-appartement');
    expect(within(header()).getByRole('link', { name: 'Gérer les réservations' }).getAttribute('href')).toBe('/admin/reservations');
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(header()).queryByRole('link', { name: 'Ajouter un appartement' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when the focus leaves it (Tab past its last link), and stays open while moving inside', async () => {
    const user = userEvent.setup();
    sessionWriter.signedIn({ ...sessionClient, role: 'admin' });
    renderApp('/forgot-password');
    const toggle = within(header()).getByRole('button', { name: /Administration/ });
    await user.click(toggle);
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Tableau de bord' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Ajouter un appartement' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Gérer les réservations' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Planning' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Remboursements à effectuer' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Comptabilité' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Calendrier' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Taxe de séjour' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Demandes propriétaires' }));
    await user.tab();
    expect(document.activeElement).toBe(within(header()).getByRole('link', { name: 'Avis des voyageurs' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(header()).queryByRole('link', { name: 'Avis des voyageurs' })).toBeNull();
  });

  it('leads to the page and closes when a link is chosen', async () => {
    const user = userEvent.setup();
    sessionWriter.signedIn({ ...sessionClient, role: 'admin' });
    renderApp('/forgot-password');
    await user.click(within(header()).getByRole('button', { name: /Administration/ }));
    await user.click(within(header()).getByRole('link', { name: 'Gérer les réservations' }));
    expect(currentLocation()).toBe('/admin/reservations');
    expect(
      within(header())
        .getByRole('button', { name: /Administration/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });
});
