import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadRemoteDefault, prepareRetry, RemoteUnavailableError, sessionWriter } from 'shared-kernel';
import { resetState, sessionAdmin, sessionClient } from '../testing/render';
import { registerAdminRemoteWhenAdmin, registerStartupRemotes, resetRemotesForTests } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const register = registerRemotes as jest.Mock;
const load = loadRemote as jest.Mock;

const REMOTES = {
  catalog: '/mfe/catalog/mf-manifest.json',
  booking: '/mfe/booking/mf-manifest.json',
  admin: '/mfe/admin/mf-manifest.json',
};

function registeredNames(): string[] {
  return register.mock.calls.flatMap(([remotes]: [Array<{ name: string }>]) => remotes.map((r) => r.name));
}

beforeEach(() => {
  resetState();
  resetRemotesForTests();
  jest.clearAllMocks();
});

describe('remote registration', () => {
  it('registers every remote except admin at start-up', () => {
    registerStartupRemotes(REMOTES);
    expect(register).toHaveBeenCalledWith([{ name: 'catalog', entry: '/mfe/catalog/mf-manifest.json' }]);
    expect(register).toHaveBeenCalledWith([{ name: 'booking', entry: '/mfe/booking/mf-manifest.json' }]);
    expect(registeredNames()).toEqual(['catalog', 'booking']);
  });

  it('never registers admin for a visitor or a client', () => {
    const stop = registerAdminRemoteWhenAdmin(REMOTES);
    sessionWriter.signedIn(sessionClient);
    sessionWriter.signedOut();
    expect(registeredNames()).not.toContain('admin');
    stop();
  });

  it('registers admin once, when the session becomes an admin one', () => {
    registerAdminRemoteWhenAdmin(REMOTES);
    expect(register).not.toHaveBeenCalled();
    sessionWriter.signedIn(sessionAdmin);
    expect(register).toHaveBeenCalledWith([{ name: 'admin', entry: '/mfe/admin/mf-manifest.json' }]);
    sessionWriter.signedOut();
    sessionWriter.signedIn(sessionAdmin);
    expect(registeredNames().filter((n) => n === 'admin')).toHaveLength(1);
  });

  it('registers admin at once when the session is already an admin one', () => {
    sessionWriter.signedIn(sessionAdmin);
    registerAdminRemoteWhenAdmin(REMOTES);
    expect(registeredNames()).toEqual(['admin']);
  });

  it('does nothing for admin when the configuration lists no admin remote', () => {
    registerAdminRemoteWhenAdmin({ catalog: REMOTES.catalog });
    sessionWriter.signedIn(sessionAdmin);
    expect(register).not.toHaveBeenCalled();
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
});
