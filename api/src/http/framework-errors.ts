/**
 * Errors raised before a route runs, in French: a malformed or too long URL (router), headers too
 * large or a broken request (HTTP parser). The URL is never echoed. API paths get JSON `{ message }`,
 * pages a small French HTML page.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../observability/request-id.js';
import { PERMISSIONS_POLICY } from './security-headers.js';

export const BAD_URL = "L'adresse demandée n'est pas valide.";
export const URL_TOO_LONG = "L'adresse demandée est trop longue.";
export const HEADERS_TOO_LARGE = 'Les en-têtes de la requête sont trop volumineux.';
export const REQUEST_TIMEOUT = 'La requête a pris trop de temps.';
export const BAD_REQUEST = 'Requête invalide.';

const HTML_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

function isApiPath(url: string): boolean {
  return /^\/(api|socket\.io|mfe|media)(\/|$|\?)/.test(url);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function errorPage(status: number, message: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Erreur ${status}</title></head><body><main><h1>${escapeHtml(message)}</h1><p><a href="/">Retour à l'accueil</a></p></main></body></html>`;
}

/** Answers JSON on API paths, a French page elsewhere. */
export function sendFrenchError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  const url = request.raw.url ?? '/';
  if (isApiPath(url)) return reply.status(status).headers(HTML_HEADERS).send({ message });
  return reply.status(status).headers(HTML_HEADERS).type('text/html; charset=utf-8').send(errorPage(status, message));
}

/**
 * What the hooks (helmet, request id) would have set: a URL the router cannot read skips every hook,
 * so its answer carries them here (issue 26: `/api/%zz`).
 */
const GUARD_HEADERS = {
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'x-dns-prefetch-control': 'off',
};

/** Fastify's `frameworkErrors`: the router could not read the URL. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({ ...GUARD_HEADERS, [REQUEST_ID_HEADER]: request.id });
  if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000; includeSubDomains');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void sendFrenchError(request, reply, 414, URL_TOO_LONG);
  else if (error.code === 'FST_ERR_BAD_URL') void sendFrenchError(request, reply, 400, BAD_URL);
  else void sendFrenchError(request, reply, 400, BAD_REQUEST);
}

/** Fastify's `clientErrorHandler`: the HTTP parser refused the request before Fastify saw it. */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', REQUEST_TIMEOUT]
        : [400, 'Bad Request', BAD_REQUEST];
  const requestLine = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 200).toString('latin1') : '';
  const json = /^[A-Z]+ \/(api|socket\.io)(\/|\?|\s)/.test(requestLine) || !/^(GET|HEAD) /.test(requestLine);
  const body = json ? JSON.stringify({ message }) : errorPage(status, message);
  const type = json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
