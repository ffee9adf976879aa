/**
 * Who is calling: a bearer token (Authorization header) or the httpOnly cookie. Route handlers
 * declare what they need with `requireUser` / `requireAdmin` pre-handlers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors.js';
import type { AuthContext, TokenService } from './sessions.js';

export const SESSION_COOKIE = 'sm_token';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Whether a guard looked at the caller (the contract audit compares it with the route's declared security). */
    guarded: boolean;
  }
}

export function bearerOrCookie(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ?? null;
  }
  return request.cookies[SESSION_COOKIE] ?? null;
}

export function installAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('guarded', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerOrCookie(request);
    request.auth = token ? await tokens.resolve(token) : null;
  });
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.guarded = true;
  if (!request.auth) throw unauthorized();
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.guarded = true;
  if (!request.auth) throw unauthorized();
  if (request.auth.user.role !== 'admin') throw forbidden('Accès réservé aux administrateurs.');
}

/** The authenticated caller, for handlers behind requireUser. */
export function caller(request: FastifyRequest): AuthContext {
  request.guarded = true;
  if (!request.auth) throw unauthorized();
  return request.auth;
}
