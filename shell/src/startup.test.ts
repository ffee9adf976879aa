import { registerRemotes } from '@module-federation/enhanced/runtime';
import { authApi, getRuntimeConfig, getSession, http, httpClient } from 'shared-kernel';
import { apiAdmin, apiClient } from './testing/render';
import { parseRuntimeConfig, prepareStart } from './startup';
import { registeredNames, resetRemotes } from './testing/remotes';

jest.mock('shared-kernel', () => ({
  ...jest.requireActual('shared-kernel'),
  authApi: { login: jest.fn(), google: jest.fn(), me: jest.fn(), logout: jest.fn(), register: jest.fn() },
  http: { get: jest.fn() },
}));
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const register = registerRemotes as jest.Mock;
const me = authApi.me as jest.Mock;
const get = http.get as jest.Mock;
const ADMIN_ENTRY = '/mfe/admin/releases/0123456789ab/mf-manifest.json';

const SERVER_CONFIG = {
  siteName: 'Séjours Messins',
  apiBaseUrl: '/api',
  googleClientId: null,
  remotes: { catalog: '/mfe/catalog/mf-manifest.json', account: '/mfe/account/mf-manifest.json' },
};

function fetchAnswering(body: unknown, ok = true): jest.Mock {
  return jest.fn().mockResolvedValue({ ok, status: ok ? 200 : 503, json: async () => body });
}

beforeEach(() => {
  resetRemotes();
  document.getElementById('sm-design-tokens')?.remove();
});

describe('start-up', () => {
  it('installs the tokens, applies the configuration and registers the remotes except admin', async () => {
    const fetchMock = fetchAnswering({
      ...SERVER_CONFIG,
      apiBaseUrl: 'https://api.example/api',
      googleClientId: 'abc.apps.googleusercontent.com',
    });
    const { sessionRestored } = await prepareStart(fetchMock);
    await sessionRestored;
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', expect.objectContaining({ cache: 'no-cache' }));
    expect(document.getElementById('sm-design-tokens')).toBeTruthy();
    expect(getRuntimeConfig().googleClientId).toBe('abc.apps.googleusercontent.com');
    expect((await httpClient()).defaults.baseURL).toBe('https://api.example/api');
    expect(registeredNames()).toEqual(['catalog', 'account']);
    expect(getSession()).toEqual({ status: 'ready', user: null });
  });

  it('uses the configuration the server wrote into the page, without fetching it, and keeps only its well-formed fields', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'sm-runtime-config';
    block.textContent = JSON.stringify({
      ...SERVER_CONFIG,
      googleClientId: 'page.apps.googleusercontent.com',
      remotes: { ...SERVER_CONFIG.remotes, 'pas un nom': '/x' },
    });
    document.body.appendChild(block);
    try {
      const fetchMock = fetchAnswering(SERVER_CONFIG);
      await (
        await prepareStart(fetchMock)
      ).sessionRestored;
      expect(fetchMock).not.toHaveBeenCalled();
      expect(getRuntimeConfig().googleClientId).toBe('page.apps.googleusercontent.com');
      expect(registeredNames()).toEqual(['catalog', 'account']);
    } finally {
      block.remove();
    }
  });

  it('asks for the admin remote and registers it only once the restored session is an admin one', async () => {
    window.localStorage.setItem('token', 'jwt');
    get.mockResolvedValue({ data: { manifeste: ADMIN_ENTRY } });
    let answer: (user: unknown) => void = () => undefined;
    me.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { sessionRestored } = await prepareStart(fetchAnswering(SERVER_CONFIG));
    expect(registeredNames()).not.toContain('admin');
    expect(get).not.toHaveBeenCalled();
    answer(apiAdmin);
    await sessionRestored;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(get).toHaveBeenCalledWith('/admin/module-distant', expect.anything());
    expect(registeredNames()).toEqual(['catalog', 'account', 'admin']);
    expect(register).toHaveBeenLastCalledWith([{ name: 'admin', entry: ADMIN_ENTRY }]);
  });

  it('does not register admin for a client session', async () => {
    window.sessionStorage.setItem('token', 'jwt');
    me.mockResolvedValueOnce(apiClient);
    const { sessionRestored } = await prepareStart(fetchAnswering(SERVER_CONFIG));
    await sessionRestored;
    expect(getSession().user?.role).toBe('client');
    expect(registeredNames()).not.toContain('admin');
    expect(get).not.toHaveBeenCalled();
  });

  it('starts with the defaults and no remote when the configuration cannot be read', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await prepareStart(jest.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await prepareStart(fetchAnswering({}, false));
    expect(register).not.toHaveBeenCalled();
    expect(getRuntimeConfig().siteName).toBe('Séjours Messins');
    consoleError.mockRestore();
  });
});

describe('parseRuntimeConfig', () => {
  it('keeps well-formed fields only', () => {
    expect(
      parseRuntimeConfig({
        siteName: '  Séjours Messins ',
        apiBaseUrl: 42,
        googleClientId: '',
        remotes: { catalog: '/mfe/catalog/mf-manifest.json', 'bad name': '/x', booking: 12, __proto__: '/y' },
      }),
    ).toEqual({ siteName: 'Séjours Messins', remotes: { catalog: '/mfe/catalog/mf-manifest.json' } });
    expect(parseRuntimeConfig(null)).toEqual({});
    expect(parseRuntimeConfig({ googleClientId: null })).toEqual({ googleClientId: null });
  });
});

describe('booking widget configuration', () => {
  it('keeps a well-formed widget configuration and drops a malformed one', () => {
    expect(
      parseRuntimeConfig({
        bookingWidget: { scriptUrl: 'https://widget.exemple/w.js', defaultOwnerId: '42', ownerOverrides: { '1234567': '7', bad: 3 } },
      }).bookingWidget,
    ).toEqual({
      scriptUrl: 'https://widget.exemple/w.js',
      defaultOwnerId: '42',
      ownerOverrides: { '1234567': '7' },
    });
    expect(
      parseRuntimeConfig({ bookingWidget: { scriptUrl: 'http://insecure/w.js', defaultOwnerId: '42' } }).bookingWidget,
    ).toBeUndefined();
    expect(parseRuntimeConfig({ bookingWidget: null }).bookingWidget).toBeUndefined();
  });
});

describe('stay limits', () => {
  it('keeps whole positive limits and drops anything else', () => {
    expect(parseRuntimeConfig({ stayLimits: { maxNights: 60, maxMonthsAhead: 18 } }).stayLimits).toEqual({
      maxNights: 60,
      maxMonthsAhead: 18,
    });
    for (const stayLimits of [
      null,
      'x',
      { maxNights: 0, maxMonthsAhead: 18 },
      { maxNights: 60 },
      { maxNights: 1.5, maxMonthsAhead: 18 },
      { maxNights: '60', maxMonthsAhead: 18 },
    ]) {
      expect(parseRuntimeConfig({ stayLimits }).stayLimits).toBeUndefined();
    }
  });
});

describe('map style', () => {
  it('keeps an http(s) address or a path of the site, and null; drops anything else', () => {
    expect(parseRuntimeConfig({ mapStyleUrl: 'https://tuiles.exemple.fr/style.json' }).mapStyleUrl).toBe(
      'https://tuiles.exemple.fr/style.json',
    );
    expect(parseRuntimeConfig({ mapStyleUrl: '/carte/style.json' }).mapStyleUrl).toBe('/carte/style.json');
    expect(parseRuntimeConfig({ mapStyleUrl: null }).mapStyleUrl).toBeNull();
    for (const mapStyleUrl of ['javascript:alert(1)', '//ailleurs.fr/style.json', 42, '']) {
      expect(parseRuntimeConfig({ mapStyleUrl }).mapStyleUrl).toBeUndefined();
    }
  });
});
