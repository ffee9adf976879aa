/** The session token lives under the key 'token', in local storage ("Se souvenir de moi") or session storage. */
export const TOKEN_KEY = 'token';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export function readToken(): string | null {
  if (typeof window === 'undefined') return null;
  return safe(() => window.localStorage.getItem(TOKEN_KEY) ?? window.sessionStorage.getItem(TOKEN_KEY), null);
}

export function storeToken(token: string, remember: boolean): void {
  clearToken();
  safe(() => (remember ? window.localStorage : window.sessionStorage).setItem(TOKEN_KEY, token), undefined);
}

export function clearToken(): void {
  if (typeof window === 'undefined') return;
  safe(() => window.localStorage.removeItem(TOKEN_KEY), undefined);
  safe(() => window.sessionStorage.removeItem(TOKEN_KEY), undefined);
}
