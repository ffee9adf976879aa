import { authApi, getSession, sessionCommands, sessionWriter } from 'shared-kernel';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiAdmin, httpError, resetState, sessionAdmin } from '../testing/render';
import { restoreSession, useSessionCommands } from './session';

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
