/**
 * CSRF: a state-changing request authenticated by the session cookie must come from the site's own
 * origin. The bearer header cannot be forged by another site, so requests carrying it pass.
 * The site's own origin is SITE_ORIGIN, or the host the request was sent to (a site opened at
 * http://127.0.0.1:5000 while SITE_ORIGIN says localhost).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/guard.js';
import { forbidden } from './errors.js';

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

export function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  // Origin first; a browser that omits it (some same-origin requests) still sends a Referer.
  const origin = request.headers.origin && request.headers.origin !== 'null' ? originOf(request.headers.origin) : originOf(request.headers.referer);
  if (!origin) return false;
  if (origin === siteOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

export function installCsrfCheck(app: FastifyInstance, siteOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.headers.authorization) return;
    if (!request.cookies[SESSION_COOKIE]) return;
    if (!isSameOrigin(request, siteOrigin)) throw forbidden(CROSS_SITE_REFUSED);
  });
}
