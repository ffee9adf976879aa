import { authApi, getSession, http, httpClient, sessionCommands, sessionWriter } from 'shared-kernel';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiAdmin, httpError, resetState, sessionAdmin } from '../testing/render';
import { logout, restoreSession, useSessionCommands } from './session';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
}));

const me = authApi.me as jest.Mock;

beforeEach(() => {
  resetState();
  jest.clearAllMocks();
});

describe('session restore', () => {
  it('signs out at once without a stored token, with no call', async () => {
    await restoreSession();
    expect(me).not.toHaveBeenCalled();
    expect(getSession()).toEqual({ status: 'ready', user: null });
  });

  it.each([
    ['local', () => window.localStorage],
    ['session', () => window.sessionStorage],
  ])('restores the user from a token in %s storage', async (_where, storage) => {
    storage().setItem('token', 'jwt');
    me.mockResolvedValueOnce(apiAdmin);
    await restoreSession();
    expect(me).toHaveBeenCalledTimes(1);
    expect(getSession()).toEqual({ status: 'ready', user: sessionAdmin });
    expect(storage().getItem('token')).toBe('jwt');
  });

  it.each([
    ['a rejected token', httpError({ status: 401, message: 'Jeton expiré' })],
    ['no response', httpError({ noResponse: true })],
  ])('drops the token silently on %s', async (_case, failure) => {
    window.localStorage.setItem('token', 'jwt-old');
    window.sessionStorage.setItem('token', 'jwt-old');
    me.mockRejectedValueOnce(failure);
    const consoleError = jest.spyOn(console, 'error');
    await expect(restoreSession()).resolves.toBeUndefined();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(getSession()).toEqual({ status: 'ready', user: null });
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });
});

describe('session commands for the remotes', () => {
  function Host() {
    useSessionCommands();
    return null;
  }

  it('refreshes the signed-in user when a remote asks, and signs out on request', async () => {
    sessionWriter.signedIn(sessionAdmin);
    const view = render(
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="*" element={<Host />} />
        </Routes>
      </MemoryRouter>,
    );
    me.mockResolvedValueOnce({ ...apiAdmin, nom: 'Nouveau Nom' });
    await sessionCommands.refresh();
    expect(getSession().user?.name).toBe('Nouveau Nom');
    (authApi.logout as jest.Mock).mockResolvedValueOnce(undefined);
    await sessionCommands.logout();
    expect(authApi.logout).toHaveBeenCalledTimes(1);
    expect(getSession().user).toBeNull();
    view.unmount();
    // withdrawn with the shell: a request now does nothing
    sessionWriter.signedIn(sessionAdmin);
    await sessionCommands.logout();
    expect(getSession().user).not.toBeNull();
  });
});

describe('logout', () => {
  it('waits for the calls already sent with the session before ending it on the server', async () => {
    sessionWriter.signedIn(sessionAdmin);
    const client = await httpClient();
    const adapter = client.defaults.adapter;
    let answer: (() => void) | undefined;
    client.defaults.adapter = (config) =>
      new Promise((resolve) => (answer = () => resolve({ data: { count: 2 }, status: 200, statusText: 'OK', headers: {}, config })));
    try {
      const unread = http.get('/messages/non-lus');
      (authApi.logout as jest.Mock).mockResolvedValueOnce(undefined);
      const goHome = jest.fn();
      const ending = logout(goHome);
      await new Promise((r) => setTimeout(r, 20));
      expect(authApi.logout).not.toHaveBeenCalled();
      // Signed out here already, so nothing mounting meanwhile starts a call with the session.
      expect(getSession().user).toBeNull();
      answer?.();
      await unread;
      await ending;
      expect(authApi.logout).toHaveBeenCalledTimes(1);
      expect(getSession().user).toBeNull();
    } finally {
      client.defaults.adapter = adapter;
    }
  });

  it('does not wait past 2 s for a call that does not answer: the logout still leaves with the token, already out of storage', async () => {
    jest.useFakeTimers();
    window.localStorage.setItem('token', 'jeton-admin');
    sessionWriter.signedIn(sessionAdmin);
    const client = await httpClient();
    const adapter = client.defaults.adapter;
    client.defaults.adapter = () => new Promise(() => undefined);
    let tokenAtLogout: string | null = 'pas appelé';
    (authApi.logout as jest.Mock).mockImplementationOnce(async () => {
      tokenAtLogout = window.localStorage.getItem('token');
    });
    try {
      void http.get('/messages/non-lus');
      const ending = logout(jest.fn());
      await jest.advanceTimersByTimeAsync(1_900);
      expect(authApi.logout).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(200);
      await ending;
      // A page loaded meanwhile finds no token to restore; the server is told with the one it had.
      expect(tokenAtLogout).toBeNull();
      expect(authApi.logout).toHaveBeenCalledWith('jeton-admin');
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(getSession().user).toBeNull();
    } finally {
      client.defaults.adapter = adapter;
      jest.useRealTimers();
    }
  });
});
