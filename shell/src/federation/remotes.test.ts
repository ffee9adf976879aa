import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  getRuntimeConfig,
  loadRemoteDefault,
  onRemoteLoadFailure,
  prepareRetry,
  REMOTE_MODULE_BUDGET_MS,
  RemoteUnavailableError,
  sessionWriter,
  setRuntimeConfig,
} from 'shared-kernel';
import { sessionAdmin, sessionClient } from '../testing/render';
import { registerAdminRemoteWhenAdmin, registerStartupRemotes } from './remotes';
import { registeredNames, resetRemotes } from '../testing/remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const register = registerRemotes as jest.Mock;
const load = loadRemote as jest.Mock;

const REMOTES = {
  catalog: '/mfe/catalog/mf-manifest.json',
  booking: '/mfe/booking/mf-manifest.json',
  admin: '/mfe/admin/mf-manifest.json',
};
const ADMIN_ENTRY = '/mfe/admin/releases/0123456789ab/mf-manifest.json';

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetRemotes();
});

describe('remote registration', () => {
  it('registers every remote except admin at start-up', () => {
    registerStartupRemotes(REMOTES);
    expect(register).toHaveBeenCalledWith([{ name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' }]);
    expect(register).toHaveBeenCalledWith([{ name: 'booking', entry: '/mfe/booking/mf-manifest.json' }]);
    expect(registeredNames()).toEqual(['catalog', 'booking']);
  });

  it('never asks for the admin remote for a visitor or a client', async () => {
    const fetchEntry = jest.fn(async () => ADMIN_ENTRY);
    const stop = registerAdminRemoteWhenAdmin(fetchEntry);
    sessionWriter.signedIn(sessionClient);
    sessionWriter.signedOut();
    await settle();
    expect(fetchEntry).not.toHaveBeenCalled();
    expect(registeredNames()).not.toContain('admin');
    expect(getRuntimeConfig().remotes.admin).toBeUndefined();
    stop();
  });

  it('asks the server for the admin remote once the session becomes an admin one, then registers it once', async () => {
    setRuntimeConfig({ remotes: { catalog: REMOTES.catalog } });
    const fetchEntry = jest.fn(async () => ADMIN_ENTRY);
    registerAdminRemoteWhenAdmin(fetchEntry);
    expect(register).not.toHaveBeenCalled();
    sessionWriter.signedIn(sessionAdmin);
    await settle();
    expect(register).toHaveBeenCalledWith([{ name: 'admin', entry: ADMIN_ENTRY }]);
    // The admin fragments of other remotes appear with it (useRemoteConfigured('admin')).
    expect(getRuntimeConfig().remotes).toEqual({ catalog: REMOTES.catalog, admin: ADMIN_ENTRY });
    sessionWriter.signedOut();
    sessionWriter.signedIn(sessionAdmin);
    await settle();
    expect(fetchEntry).toHaveBeenCalledTimes(1);
    expect(registeredNames().filter((n) => n === 'admin')).toHaveLength(1);
  });

  it('registers admin at once when the session is already an admin one', async () => {
    sessionWriter.signedIn(sessionAdmin);
    registerAdminRemoteWhenAdmin(async () => ADMIN_ENTRY);
    await settle();
    expect(registeredNames()).toEqual(['admin']);
  });

  it('does nothing for admin when the server has no admin remote', async () => {
    registerAdminRemoteWhenAdmin(async () => null);
    sessionWriter.signedIn(sessionAdmin);
    await settle();
    expect(register).not.toHaveBeenCalled();
    expect(getRuntimeConfig().remotes.admin).toBeUndefined();
  });

  it('makes a module of the admin remote wait for its address rather than fail', async () => {
    let answer: (entry: string) => void = () => undefined;
    registerAdminRemoteWhenAdmin(() => new Promise((resolve) => (answer = resolve)));
    sessionWriter.signedIn(sessionAdmin);
    const Page = () => null;
    load.mockResolvedValueOnce({ default: Page });
    const loading = loadRemoteDefault('admin/ReservationsPage');
    await settle();
    expect(load).not.toHaveBeenCalled();
    answer(ADMIN_ENTRY);
    await expect(loading).resolves.toBe(Page);
  });

  it("asks again for the admin remote on 'Réessayer' when the server could not be asked", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetchEntry = jest.fn().mockRejectedValueOnce(new Error('réseau')).mockResolvedValueOnce(ADMIN_ENTRY);
    registerAdminRemoteWhenAdmin(fetchEntry);
    sessionWriter.signedIn(sessionAdmin);
    await expect(loadRemoteDefault('admin/ReservationsPage')).rejects.toBeInstanceOf(RemoteUnavailableError);
    prepareRetry('admin/ReservationsPage');
    const Page = () => null;
    load.mockResolvedValueOnce({ default: Page });
    await expect(loadRemoteDefault('admin/ReservationsPage')).resolves.toBe(Page);
    expect(fetchEntry).toHaveBeenCalledTimes(2);
    jest.restoreAllMocks();
  });
});

describe('loading a module', () => {
  it('refuses a remote that is not registered without asking the runtime', async () => {
    await expect(loadRemoteDefault('booking/CheckoutPage')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(load).not.toHaveBeenCalled();
  });

  it('returns the default export', async () => {
    registerStartupRemotes(REMOTES);
    const Page = () => null;
    load.mockResolvedValueOnce({ default: Page });
    await expect(loadRemoteDefault('catalog/HomePage')).resolves.toBe(Page);
    expect(load).toHaveBeenCalledWith('catalog/HomePage');
  });

  it('treats a module without default export as unavailable', async () => {
    registerStartupRemotes(REMOTES);
    load.mockResolvedValueOnce(null);
    await expect(loadRemoteDefault('catalog/HomePage')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });

  it('re-registers a remote that never answered before a retry, not one that works', async () => {
    registerStartupRemotes(REMOTES);
    register.mockClear();
    load.mockRejectedValueOnce(new Error('manifest 404'));
    await expect(loadRemoteDefault('booking/CheckoutPage')).rejects.toBeInstanceOf(RemoteUnavailableError);
    prepareRetry('booking/CheckoutPage');
    expect(register).toHaveBeenCalledWith([{ name: 'booking', entry: '/mfe/booking/mf-manifest.json' }], { force: true });

    register.mockClear();
    load.mockResolvedValueOnce({ default: () => null });
    await loadRemoteDefault('catalog/HomePage');
    prepareRetry('catalog/AboutPage');
    expect(register).not.toHaveBeenCalled();
  });

  it('gives up on a module that does not arrive within its budget', async () => {
    jest.useFakeTimers();
    try {
      registerStartupRemotes(REMOTES);
      load.mockReturnValueOnce(new Promise(() => undefined));
      const loading = loadRemoteDefault('catalog/HomePage');
      const failed = expect(loading).rejects.toBeInstanceOf(RemoteUnavailableError);
      await jest.advanceTimersByTimeAsync(REMOTE_MODULE_BUDGET_MS);
      await failed;
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets the shell take over a failed load (a reload into a newer release): the load then waits', async () => {
    registerStartupRemotes(REMOTES);
    const handler = jest.fn(async () => true);
    onRemoteLoadFailure(handler);
    load.mockRejectedValueOnce(new Error('ChunkLoadError'));
    let settled = false;
    void loadRemoteDefault('catalog/FaqPage').then(
      () => (settled = true),
      () => (settled = true),
    );
    await settle();
    expect(handler).toHaveBeenCalledWith('catalog', REMOTES.catalog, expect.any(Error));
    expect(settled).toBe(false);

    handler.mockResolvedValueOnce(false);
    load.mockRejectedValueOnce(new Error('ChunkLoadError'));
    await expect(loadRemoteDefault('catalog/AboutPage')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });
});
