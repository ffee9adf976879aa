import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authApi, getSession, sessionWriter } from 'shared-kernel';
import { apiClient, currentLocation, httpError, renderApp, resetState, sessionClient } from '../testing/render';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const login = authApi.login as jest.Mock;

async function fillAndSubmit(options: { email?: string; password?: string; remember?: boolean } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), options.email ?? 'marie@example.fr');
  await user.type(screen.getByLabelText('Mot de passe'), options.password ?? 'motdepasse1');
  if (options.remember) await user.click(screen.getByLabelText('Se souvenir de moi'));
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('login page', () => {
  it('shows the form with its labels, links and title', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Email').hasAttribute('required')).toBe(true);
    expect(screen.getByLabelText('Mot de passe').hasAttribute('required')).toBe(true);
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe('/register');
    expect(document.title).toBe('Connexion | Séjours Messins');
  });

  it('asks for the missing fields without calling the server', async () => {
    renderApp('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByText('Veuillez saisir votre adresse email.')).toBeTruthy();
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it.each([
    ['401', httpError({ status: 401, message: 'Identifiants invalides' }), 'Email ou mot de passe incorrect. Veuillez réessayer.'],
    ['500', httpError({ status: 500, message: 'boom' }), 'Erreur serveur. Veuillez réessayer plus tard.'],
    [
      'another status with a server message',
      httpError({ status: 429, message: 'Trop de tentatives, réessayez plus tard.' }),
      'Trop de tentatives, réessayez plus tard.',
    ],
    ['another status without a message', httpError({ status: 403 }), 'Une erreur est survenue lors de la connexion.'],
    ['no response', httpError({ noResponse: true }), 'Impossible de contacter le serveur. Vérifiez votre connexion internet.'],
    ['a request setup failure', httpError({}), 'Une erreur est survenue lors de la préparation de la requête.'],
    ['a non-HTTP failure', new TypeError('x'), 'Une erreur est survenue lors de la préparation de la requête.'],
  ])('shows the catalogue message for %s', async (_case, failure, message) => {
    login.mockRejectedValueOnce(failure);
    renderApp('/login');
    await fillAndSubmit();
    const alert = await screen.findByText(message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(currentLocation()).toBe('/login');
    expect(getSession().user).toBeNull();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toHaveProperty('disabled', false);
  });

  it('disables the button while signing in', async () => {
    let finish: (value: unknown) => void = () => undefined;
    login.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    renderApp('/login');
    await fillAndSubmit();
    const busy = screen.getByRole('button', { name: 'Connexion en cours...' });
    expect(busy).toHaveProperty('disabled', true);
    await act(async () => finish({ token: 'jwt', user: apiClient }));
    await waitFor(() => expect(currentLocation()).toBe('/'));
  });

  it.each([
    ['timeout', 'La connexion avec Google a pris trop de temps. Veuillez réessayer.'],
    ['failed', 'Échec de la connexion avec Google. Veuillez réessayer ou utiliser une autre méthode.'],
    ['redirect', 'Erreur lors de la redirection Google. Veuillez réessayer.'],
    ['general', "Une erreur s'est produite lors de la connexion avec Google. Veuillez réessayer."],
    ['quelquechose', 'Erreur de connexion. Veuillez réessayer.'],
  ])('shows the message of ?error=%s and removes the code from the address', async (code, message) => {
    renderApp(`/login?error=${code}&redirect=%2Fprofile`);
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fprofile'));
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('keeps the token in session storage without "Se souvenir de moi"', async () => {
    login.mockResolvedValueOnce({ token: 'jwt-session', user: apiClient });
    renderApp('/login');
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(login).toHaveBeenCalledWith('marie@example.fr', 'motdepasse1');
    expect(window.sessionStorage.getItem('token')).toBe('jwt-session');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(getSession().user).toEqual(sessionClient);
  });

  it('keeps the token in local storage with "Se souvenir de moi"', async () => {
    login.mockResolvedValueOnce({ token: 'jwt-local', user: apiClient });
    renderApp('/login');
    await fillAndSubmit({ remember: true });
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('jwt-local');
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });

  it('goes to the redirect target after signing in', async () => {
    login.mockResolvedValueOnce({ token: 'jwt', user: apiClient });
    renderApp('/login?redirect=%2Fappartement%2Fstudio-gare%3Fx%3D1');
    await fillAndSubmit();
    await waitFor(() => expect(currentLocation()).toBe('/appartement/studio-gare?x=1'));
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example'])(
    'refuses the off-site redirect %s and goes to /',
    async (target) => {
      login.mockResolvedValueOnce({ token: 'jwt', user: apiClient });
      renderApp(`/login?redirect=${encodeURIComponent(target)}`);
      await fillAndSubmit();
      await waitFor(() => expect(login).toHaveBeenCalled());
      await waitFor(() => expect(currentLocation()).toBe('/'));
    },
  );

  it('carries the page being booked to "Créer un compte" and "Mot de passe oublié ?" (issue 27)', () => {
    const stay = '/appartement/studio-gare?arrivee=2026-12-14&depart=2026-12-17&adultes=2&enfants=0';
    renderApp(`/login?redirect=${encodeURIComponent(stay)}`);
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe(
      `/register?redirect=${encodeURIComponent(stay)}`,
    );
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' }).getAttribute('href')).toBe(
      `/forgot-password?redirect=${encodeURIComponent(stay)}`,
    );
  });

  it('sends an already signed-in user to /', async () => {
    sessionWriter.signedIn(sessionClient);
    renderApp('/login?redirect=%2Fprofile');
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Connexion' })).toBeNull();
  });

  it('shows a message handed over in navigation state', () => {
    renderApp({ pathname: '/login', state: { message: 'Connectez-vous pour effectuer votre réservation' } });
    const info = screen.getByText('Connectez-vous pour effectuer votre réservation');
    expect(info.closest('[role="status"]')).toBeTruthy();
  });

  it('shows a known message from the query, but not arbitrary text', () => {
    const { unmount } = renderApp(`/login?message=${encodeURIComponent('Connectez-vous pour effectuer votre réservation')}`);
    expect(screen.getByText('Connectez-vous pour effectuer votre réservation')).toBeTruthy();
    unmount();
    renderApp(`/login?message=${encodeURIComponent('Votre compte est bloqué, appelez le 0800')}`);
    expect(screen.queryByText('Votre compte est bloqué, appelez le 0800')).toBeNull();
  });

  it('has no Google button without a configured client id', () => {
    renderApp('/login');
    expect(screen.queryByText('ou')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });
});
