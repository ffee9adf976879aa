import { authApi, getSession } from 'shared-kernel';
import { apiAdmin, httpError, resetState, sessionAdmin } from '../testing/render';
import { restoreSession } from './session';

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
