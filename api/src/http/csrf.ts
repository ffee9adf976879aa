/**
 * CSRF: a state-changing request authenticated by the session cookie must come from the site's own
 * origin. The bearer header cannot be forged by another site, so requests carrying it pass.
 * The site's own origins are SITE_ORIGIN, SITE_ORIGIN_ALIASES and, for a loopback SITE_ORIGIN (a
 * developer's machine), its loopback twins (http://127.0.0.1:5000 for http://localhost:5000).
 * An Origin equal to the request's Host no longer passes: with DNS rebinding an attacker's name
 * points at the server, and the browser sends that name as both (issue 26).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/guard.js';
import { forbidden } from './errors.js';
import type { AppConfig } from '../config.js';

export const CROSS_SITE_REFUSED = "Cette action doit être faite depuis le site lui-même : requête d'une autre origine refusée.";
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The site's configured origins; `loopback` when SITE_ORIGIN itself is on this machine (development). */
export interface SiteOrigins {
  allowed: Set<string>;
  loopback: boolean;
}

export function siteOrigins(config: Pick<AppConfig, 'siteOrigin' | 'siteOriginAliases'>): SiteOrigins {
  return {
    allowed: new Set([config.siteOrigin, ...config.siteOriginAliases]),
    loopback: LOOPBACK.has(new URL(config.siteOrigin).hostname),
  };
}

/**
 * Whether `origin` is the site's: a configured one, or in development (loopback SITE_ORIGIN) a loopback
 * twin on the port the request came in on (http://127.0.0.1:5000 for http://localhost:5000).
 */
export function isSiteOrigin(origin: string, origins: SiteOrigins, localPort: number | undefined): boolean {
  if (origins.allowed.has(origin)) return true;
  if (!origins.loopback || localPort === undefined) return false;
  try {
    const url = new URL(origin);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    return LOOPBACK.has(url.hostname) && port === localPort;
  } catch {
    return false;
  }
}

export function isSameOrigin(request: FastifyRequest, origins: SiteOrigins): boolean {
  // Origin first; a browser that omits it (some same-origin requests) still sends a Referer.
  const origin =
    request.headers.origin && request.headers.origin !== 'null' ? originOf(request.headers.origin) : originOf(request.headers.referer);
  return origin !== null && isSiteOrigin(origin, origins, request.raw.socket.localPort);
}

export function installCsrfCheck(app: FastifyInstance, config: Pick<AppConfig, 'siteOrigin' | 'siteOriginAliases'>): void {
  const origins = siteOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    if (!isSameOrigin(request, origins)) throw forbidden(CROSS_SITE_REFUSED);
  });
}
