/**
 * Test helpers: the app's routes in a memory router, under the query provider the shell gives
 * (`App`), with the current address shown for assertions.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { clearToken, sessionWriter, setRuntimeConfig, type ApiUser, type SessionUser } from 'shared-kernel';
import { API_ADMIN, API_CLIENT, SESSION_ADMIN, SESSION_CLIENT } from '../../../tooling/testing/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { AppRoutes } from '../app/App';

export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

type Entry = string | { pathname: string; search?: string; state?: unknown };

export function renderApp(entry: Entry = '/') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

// The shell's tests sign in people whose address is verified (no reminder banner).
export const apiClient: ApiUser = { ...API_CLIENT, emailVerifie: true };
export const apiAdmin: ApiUser = { ...API_ADMIN, emailVerifie: true };
export const sessionClient: SessionUser = { ...SESSION_CLIENT, emailVerifie: true };
export const sessionAdmin: SessionUser = { ...SESSION_ADMIN, emailVerifie: true };

/** An error shaped like axios's (what `describeFailure` reads). */
export function httpError(options: { status?: number; message?: string; noResponse?: boolean }): Error {
  const error = new Error('Request failed') as Error & Record<string, unknown>;
  error.isAxiosError = true;
  error.config = {};
  if (options.noResponse) {
    error.request = {};
  } else if (options.status !== undefined) {
    error.request = {};
    error.response = {
      status: options.status,
      data: options.message === undefined ? {} : { message: options.message },
      headers: {},
      config: {},
    };
  }
  return error;
}

/** Back to a signed-out visitor with empty storage and the default configuration. */
export function resetState(): void {
  clearToken();
  window.localStorage.clear();
  window.sessionStorage.clear();
  sessionWriter.signedOut();
  setRuntimeConfig({ siteName: 'Séjours Messins', apiBaseUrl: '/api', remotes: {}, googleClientId: null });
}
