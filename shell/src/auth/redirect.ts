import { useSearchParams } from 'react-router-dom';

/** Where to go after signing in: only a path of this site ('/…', not '//…' nor '/\…'), else '/'. */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tab, newline) are stripped by URL parsers and could turn '/\t/evil' into '//evil'.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const base = 'https://sejours-messins.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The path (with query) to come back to, for a `/login?redirect=` link. */
export function loginPathFor(returnTo: string): string {
  return returnTo && returnTo !== '/' ? `/login?redirect=${encodeURIComponent(returnTo)}` : '/login';
}

/**
 * `path` carrying the page to come back to after signing in (issue 27): the stay being booked rides
 * in it across /login, /register, /forgot-password and Google's error returns.
 */
export function withReturnTo(path: string, returnTo: string): string {
  if (!returnTo || returnTo === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(returnTo)}`;
}

/** The validated `redirect` of the current address ('/' when absent or foreign). */
export function useReturnTo(): string {
  const [searchParams] = useSearchParams();
  return safeRedirectTarget(searchParams.get('redirect'));
}
