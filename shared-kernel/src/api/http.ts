/** The one axios instance of the site: API base from runtime config, bearer token from storage, cookies on. */
import axios, { type AxiosError } from 'axios';
import { getRuntimeConfig, onRuntimeConfig } from './runtime-config.js';
import { readToken } from './token-storage.js';

export const http = axios.create({ baseURL: getRuntimeConfig().apiBaseUrl, withCredentials: true });

onRuntimeConfig((config) => {
  http.defaults.baseURL = config.apiBaseUrl;
});

http.interceptors.request.use((request) => {
  const token = readToken();
  if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

export function isHttpError(error: unknown): error is AxiosError<{ message?: unknown }> {
  return axios.isAxiosError(error);
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
    return message === undefined ? { kind: 'response', status: error.response.status } : { kind: 'response', status: error.response.status, message };
  }
  return error.request ? { kind: 'no-response' } : { kind: 'setup' };
}
