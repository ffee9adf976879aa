/**
 * Request ids: a sane incoming X-Request-Id (from a load balancer) is kept so one id follows the
 * request across processes; anything else gets a fresh UUID. Fastify puts the id in every log line
 * of the request (`requestId`), and the reply carries it back in X-Request-Id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/** Options for the Fastify constructor. */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: requestIdFor,
  logController: new LogController({ requestIdLogLabel: 'requestId' }),
} as const;

export function sendRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
