import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { callsSettled, describeFailure, errorStatus, http, httpClient, isHttpError, serverMessage } from '../src/api/http';
import { getRuntimeConfig, onRuntimeConfig, setRuntimeConfig } from '../src/api/runtime-config';

interface Echo {
  authorization: string | null;
  baseURL: string | undefined;
  url: string | undefined;
  withCredentials: boolean | undefined;
}

const echoAdapter: AxiosAdapter = async (config) => {
  const data: Echo = {
    authorization: (config.headers.get('Authorization') as string | null | undefined) ?? null,
    baseURL: config.baseURL,
    url: config.url,
    withCredentials: config.withCredentials,
  };
  return { data, status: 200, statusText: 'OK', headers: {}, config };
};

let originalAdapter: AxiosAdapter | undefined;
beforeAll(async () => {
  originalAdapter = (await httpClient()).defaults.adapter as AxiosAdapter | undefined;
});

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  (await httpClient()).defaults.adapter = echoAdapter;
});

afterAll(async () => {
  (await httpClient()).defaults.adapter = originalAdapter;
});

describe('runtime config', () => {
  it("starts with the '/api' base and the site name", () => {
    expect(getRuntimeConfig()).toEqual({
      siteName: 'Séjours Messins',
      apiBaseUrl: '/api',
      remotes: {},
      googleClientId: null,
      bookingWidget: null,
      stayLimits: null,
      mapStyleUrl: null,
    });
  });

  it('notifies listeners until they unsubscribe', () => {
    const seen: string[] = [];
    const off = onRuntimeConfig((c) => seen.push(c.siteName));
    setRuntimeConfig({ siteName: 'Autre' });
    off();
    setRuntimeConfig({ siteName: 'Séjours Messins' });
    expect(seen).toEqual(['Autre']);
    expect(getRuntimeConfig().siteName).toBe('Séjours Messins');
  });
});

describe('http instance', () => {
  it('sends cookies and uses the default API base', async () => {
    expect((await httpClient()).defaults.withCredentials).toBe(true);
    expect((await httpClient()).defaults.baseURL).toBe('/api');
    const { data } = await http.get<Echo>('/appartements');
    expect(data.withCredentials).toBe(true);
    expect(data.baseURL).toBe('/api');
    expect(data.url).toBe('/appartements');
  });

  it('follows setRuntimeConfig({ apiBaseUrl })', async () => {
    setRuntimeConfig({ apiBaseUrl: 'https://api.example.com/v1' });
    try {
      expect((await httpClient()).defaults.baseURL).toBe('https://api.example.com/v1');
      const { data } = await http.get<Echo>('/auth/me');
      expect(data.baseURL).toBe('https://api.example.com/v1');
    } finally {
      setRuntimeConfig({ apiBaseUrl: '/api' });
    }
    expect((await httpClient()).defaults.baseURL).toBe('/api');
  });

  it('sends no Authorization header without a token', async () => {
    const { data } = await http.get<Echo>('/x');
    expect(data.authorization).toBeNull();
  });

  it('adds the bearer token from local storage', async () => {
    localStorage.setItem('token', 'tok-local');
    const { data } = await http.get<Echo>('/x');
    expect(data.authorization).toBe('Bearer tok-local');
  });

  it('adds the bearer token from session storage', async () => {
    sessionStorage.setItem('token', 'tok-session');
    const { data } = await http.post<Echo>('/x', {});
    expect(data.authorization).toBe('Bearer tok-session');
  });

  it('tells when every call already sent has its answer, success or failure', async () => {
    let answer: (() => void) | undefined;
    let refuse: (() => void) | undefined;
    const client = await httpClient();
    client.defaults.adapter = (config) =>
      new Promise((resolve, reject) => {
        if (config.url === '/lent') answer = () => resolve({ data: 'ok', status: 200, statusText: 'OK', headers: {}, config });
        else refuse = () => reject(new AxiosError('coupé', AxiosError.ERR_NETWORK, config));
      });
    const slow = http.get('/lent');
    const failing = http.get('/coupe').catch(() => 'refusé');
    let settled = false;
    const waiting = callsSettled().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    answer?.();
    await slow;
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    refuse?.();
    expect(await failing).toBe('refusé');
    await waiting;
    expect(settled).toBe(true);
    // Nothing in flight: at once.
    await callsSettled();
  });

  it('reads the token at each request', async () => {
    localStorage.setItem('token', 'first');
    expect((await http.get<Echo>('/x')).data.authorization).toBe('Bearer first');
    localStorage.setItem('token', 'second');
    expect((await http.get<Echo>('/x')).data.authorization).toBe('Bearer second');
    localStorage.removeItem('token');
    expect((await http.get<Echo>('/x')).data.authorization).toBeNull();
  });

  it('keeps an Authorization header set by the caller', async () => {
    localStorage.setItem('token', 'stored');
    const { data } = await http.get<Echo>('/x', { headers: { Authorization: 'Bearer explicit' } });
    expect(data.authorization).toBe('Bearer explicit');
  });
});

function requestConfig(): InternalAxiosRequestConfig {
  return { headers: new AxiosHeaders(), url: '/x', method: 'get' };
}

function responseError(status: number, data: unknown): AxiosError<{ message?: unknown }> {
  const config = requestConfig();
  const response: AxiosResponse<{ message?: unknown }> = {
    data: data as { message?: unknown },
    status,
    statusText: '',
    headers: {},
    config,
  };
  return new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
}

describe('error helpers', () => {
  const withMessage = responseError(409, { message: 'Cet email est déjà utilisé' });
  const withoutMessage = responseError(500, { error: 'boom' });
  const blankMessage = responseError(400, { message: '   ' });
  const nonStringMessage = responseError(422, { message: { field: 'email' } });
  const emptyBody = responseError(404, '');
  const noResponse = new AxiosError('Network Error', AxiosError.ERR_NETWORK, requestConfig(), {});
  const notSent = new AxiosError('bad config', AxiosError.ERR_BAD_OPTION_VALUE, requestConfig());
  const plain = new Error('boom');

  it('recognises axios errors', () => {
    expect(isHttpError(withMessage)).toBe(true);
    expect(isHttpError(noResponse)).toBe(true);
    expect(isHttpError(plain)).toBe(false);
    expect(isHttpError('erreur')).toBe(false);
    expect(isHttpError(undefined)).toBe(false);
  });

  it('gives the HTTP status only when a response came back', () => {
    expect(errorStatus(withMessage)).toBe(409);
    expect(errorStatus(withoutMessage)).toBe(500);
    expect(errorStatus(noResponse)).toBeUndefined();
    expect(errorStatus(plain)).toBeUndefined();
    expect(errorStatus(null)).toBeUndefined();
  });

  it('gives the server message only when it is a non-blank string', () => {
    expect(serverMessage(withMessage)).toBe('Cet email est déjà utilisé');
    expect(serverMessage(withoutMessage)).toBeUndefined();
    expect(serverMessage(blankMessage)).toBeUndefined();
    expect(serverMessage(nonStringMessage)).toBeUndefined();
    expect(serverMessage(emptyBody)).toBeUndefined();
    expect(serverMessage(noResponse)).toBeUndefined();
    expect(serverMessage(plain)).toBeUndefined();
  });

  it('describes a response error with its message', () => {
    expect(describeFailure(withMessage)).toEqual({ kind: 'response', status: 409, message: 'Cet email est déjà utilisé' });
  });

  it('describes a response error without message, with no message key', () => {
    const failure = describeFailure(withoutMessage);
    expect(failure).toEqual({ kind: 'response', status: 500 });
    expect(Object.keys(failure)).toEqual(['kind', 'status']);
    expect(describeFailure(blankMessage)).toEqual({ kind: 'response', status: 400 });
  });

  it('describes an error without response', () => {
    expect(describeFailure(noResponse)).toEqual({ kind: 'no-response' });
  });

  it('describes a request never sent and a non-axios error as setup failures', () => {
    expect(describeFailure(notSent)).toEqual({ kind: 'setup' });
    expect(describeFailure(plain)).toEqual({ kind: 'setup' });
    expect(describeFailure('oops')).toEqual({ kind: 'setup' });
  });

  it('describes a real failed call through the instance', async () => {
    (await httpClient()).defaults.adapter = async (config) => {
      const response: AxiosResponse = { data: { message: 'Non autorisé' }, status: 401, statusText: 'Unauthorized', headers: {}, config };
      throw new AxiosError('Request failed with status code 401', AxiosError.ERR_BAD_REQUEST, config, {}, response);
    };
    const error: unknown = await http.get('/auth/me').catch((e: unknown) => e);
    expect(describeFailure(error)).toEqual({ kind: 'response', status: 401, message: 'Non autorisé' });
  });
});
