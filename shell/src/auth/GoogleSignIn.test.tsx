import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { authApi, getSession, GOOGLE_SCRIPT_URL, resetGoogleIdentityForTests, setRuntimeConfig } from 'shared-kernel';
import { installFakeGoogle, removeFakeGoogle } from '../../../tooling/testing/fake-google-identity';
import { apiClient, currentLocation, httpError, renderApp, resetState, sessionClient } from '../testing/render';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const google = authApi.google as jest.Mock;

beforeEach(() => {
  resetState();
  resetGoogleIdentityForTests();
  jest.clearAllMocks();
  setRuntimeConfig({ googleClientId: 'client-123.apps.googleusercontent.com' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  removeFakeGoogle();
  document.querySelectorAll(`script[src="${GOOGLE_SCRIPT_URL}"]`).forEach((s) => s.remove());
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('Google sign-in', () => {
  it("renders Google's button with the configured client id", async () => {
    const fake = installFakeGoogle('Se connecter avec Google');
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Se connecter avec Google' })).toBeTruthy();
    expect(fake.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com' }));
    expect(fake.options.locale).toBe('fr');
  });

  it('sends the credential to the server, keeps the token and goes to the redirect target', async () => {
    const fake = installFakeGoogle('Se connecter avec Google');
    google.mockResolvedValueOnce({ token: 'jwt-google', user: apiClient });
    renderApp('/login?redirect=%2Fmessagerie');
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter avec Google' }));
    expect(window.sessionStorage.getItem('googleLoginAttempt')).toBe('true');
    await act(async () => fake.callback({ credential: 'google-id-token' }));
    expect(google).toHaveBeenCalledWith('google-id-token');
    await waitFor(() => expect(currentLocation()).toBe('/messagerie'));
    expect(window.localStorage.getItem('token')).toBe('jwt-google');
    expect(window.sessionStorage.getItem('googleLoginAttempt')).toBeNull();
    expect(getSession().user).toEqual(sessionClient);
  });

  it('signing up with Google on /register goes to the page being booked (issue 27)', async () => {
    const fake = installFakeGoogle('Se connecter avec Google');
    google.mockResolvedValueOnce({ token: 'jwt-google', user: apiClient });
    const stay = '/appartement/studio-gare?arrivee=2026-12-14&depart=2026-12-17&adultes=2&enfants=0';
    renderApp(`/register?redirect=${encodeURIComponent(stay)}`);
    await screen.findByRole('button', { name: 'Se connecter avec Google' });
    await act(async () => fake.callback({ credential: 'google-id-token' }));
    await waitFor(() => expect(currentLocation()).toBe(stay));
  });

  it('a refused Google sign-in returns to /login still carrying the page being booked', async () => {
    const fake = installFakeGoogle('Se connecter avec Google');
    google.mockRejectedValueOnce(httpError({ status: 401, message: 'Jeton Google invalide' }));
    const stay = '/appartement/studio-gare?arrivee=2026-12-14&depart=2026-12-17&adultes=2&enfants=0';
    renderApp(`/register?redirect=${encodeURIComponent(stay)}`);
    await screen.findByRole('button', { name: 'Se connecter avec Google' });
    await act(async () => fake.callback({ credential: 'bad' }));
    expect(await screen.findByText('Échec de la connexion avec Google. Veuillez réessayer ou utiliser une autre méthode.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(stay)}`));
  });

  it('goes to /login?error=failed when the server refuses, which shows its message', async () => {
    const fake = installFakeGoogle('Se connecter avec Google');
    google.mockRejectedValueOnce(httpError({ status: 401, message: 'Jeton Google invalide' }));
    renderApp('/login');
    await screen.findByRole('button', { name: 'Se connecter avec Google' });
    await act(async () => fake.callback({ credential: 'bad' }));
    expect(await screen.findByText('Échec de la connexion avec Google. Veuillez réessayer ou utiliser une autre méthode.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/login'));
    expect(getSession().user).toBeNull();
  });

  it('goes to /login?error=timeout 30 s after the click when nothing came back', async () => {
    jest.useFakeTimers();
    installFakeGoogle('Se connecter avec Google');
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter avec Google' }));
    act(() => jest.advanceTimersByTime(29_999));
    expect(currentLocation()).toBe('/register');
    act(() => jest.advanceTimersByTime(1));
    expect(await screen.findByText('La connexion avec Google a pris trop de temps. Veuillez réessayer.')).toBeTruthy();
    expect(window.sessionStorage.getItem('googleLoginAttempt')).toBeNull();
  });

  it("shows the start failure message when Google's script cannot load", async () => {
    renderApp('/login');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_SCRIPT_URL}"]`);
      expect(found).toBeTruthy();
      return found!;
    });
    act(() => {
      script.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Problème lors de la connexion avec Google. Veuillez réessayer.')).toBeTruthy();
  });

  it('is absent without a configured client id, on both pages', () => {
    setRuntimeConfig({ googleClientId: null });
    installFakeGoogle('Se connecter avec Google');
    const { unmount } = renderApp('/login');
    expect(screen.queryByRole('button', { name: 'Se connecter avec Google' })).toBeNull();
    unmount();
    renderApp('/register');
    expect(screen.queryByRole('button', { name: 'Se connecter avec Google' })).toBeNull();
  });
});
