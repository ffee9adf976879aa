/**
 * The one HTTP client of the site: API base from runtime config, bearer token from storage, cookies on.
 *
 * axios (about 14 KB gzip) is loaded on the first call, not at start-up: a visitor's public page
 * starts from the data written into the HTML (`page-data.ts`), so axios stays off its first paint
 * (issue 17). `http` keeps axios's call shapes, so callers and tests use it as before.
 */
import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import { getRuntimeConfig, onRuntimeConfig } from './runtime-config.js';
import { readToken } from './token-storage.js';

let instance: Promise<AxiosInstance> | null = null;

/** The axios instance, created on first use. */
export function httpClient(): Promise<AxiosInstance> {
  instance ??= import(/* webpackChunkName: "axios" */ 'axios').then(({ default: axios }) => {
    const client = axios.create({ baseURL: getRuntimeConfig().apiBaseUrl, withCredentials: true });
    onRuntimeConfig((config) => {
      client.defaults.baseURL = config.apiBaseUrl;
    });
    client.interceptors.request.use((request) => {
      const token = readToken();
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    });
    return client;
  });
  // A failed chunk load (offline) is not kept: the next call tries again.
  instance.catch(() => {
    instance = null;
  });
  return instance;
}

/** Calls sent and not answered yet. */
const inFlight = new Set<Promise<unknown>>();

function tracked<T>(call: Promise<T>): Promise<T> {
  inFlight.add(call);
  const done = () => inFlight.delete(call);
  call.then(done, done);
  return call;
}

/**
 * Resolves once every call sent before now has its answer, whatever it is. A logout waits for it:
 * a call already on its way with the session (the unread count asked at sign-in) would otherwise
 * reach the server after the session is revoked and come back 401.
 */
export function callsSettled(): Promise<void> {
  return Promise.allSettled([...inFlight]).then(() => undefined);
}

/** axios's own call signatures, each waiting for the instance first. */
export const http: Pick<AxiosInstance, 'get' | 'delete' | 'post' | 'put' | 'patch' | 'request'> = {
  get: ((url: string, config?: AxiosRequestConfig) => tracked(httpClient().then((c) => c.get(url, config)))) as AxiosInstance['get'],
  delete: ((url: string, config?: AxiosRequestConfig) =>
    tracked(httpClient().then((c) => c.delete(url, config)))) as AxiosInstance['delete'],
  post: ((url: string, data?: unknown, config?: AxiosRequestConfig) =>
    tracked(httpClient().then((c) => c.post(url, data, config)))) as AxiosInstance['post'],
  put: ((url: string, data?: unknown, config?: AxiosRequestConfig) =>
    tracked(httpClient().then((c) => c.put(url, data, config)))) as AxiosInstance['put'],
  patch: ((url: string, data?: unknown, config?: AxiosRequestConfig) =>
    tracked(httpClient().then((c) => c.patch(url, data, config)))) as AxiosInstance['patch'],
  request: ((config: AxiosRequestConfig) => tracked(httpClient().then((c) => c.request(config)))) as AxiosInstance['request'],
};

/** What `axios.isAxiosError` checks, without loading axios to ask it. */
export function isHttpError(error: unknown): error is AxiosError<{ message?: unknown }> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

/** HTTP status of a failed call, or undefined when no response came back. */
export function errorStatus(error: unknown): number | undefined {
  return isHttpError(error) ? error.response?.status : undefined;
}

/** The French message the server put in `{ message }`, if any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isHttpError(error)) return undefined;
  const message = error.response?.data?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** What went wrong with a call, as the error catalogue distinguishes it. */
export type CallFailure = { kind: 'response'; status: number; message?: string } | { kind: 'no-response' } | { kind: 'setup' };

export function describeFailure(error: unknown): CallFailure {
  if (!isHttpError(error)) return { kind: 'setup' };
  if (error.response) {
    const message = serverMessage(error);
    return message === undefined
      ? { kind: 'response', status: error.response.status }
      : { kind: 'response', status: error.response.status, message };
  }
  return error.request ? { kind: 'no-response' } : { kind: 'setup' };
}
