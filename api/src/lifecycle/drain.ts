/**
 * Draining on shutdown, before Fastify closes. Node's server.close() destroys idle keep-alive
 * connections at once, and a client that sends on one at that instant sees a reset it cannot tell
 * from a failed request. So, once `readiness.draining` is set (SIGTERM): new connections are refused,
 * every response says `Connection: close` (the client opens a new connection, elsewhere), and the
 * close waits up to `drainMs` for the open HTTP connections to end that way. WebSockets are not
 * waited for: the realtime layer closes them with a reconnect hint. Past `drainMs`, Node closes the
 * connections still idle: a client writing on one at that instant meets the race every keep-alive
 * close has, which clients answer by sending again (RFC 9112 §9.3.1; browsers do, and the shutdown
 * test's client does, on a reused connection reset before any answer).
 */
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export function installDrain(app: FastifyInstance, drainMs: number): void {
  const open = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('upgrade', (_request, socket: net.Socket) => open.delete(socket));

  const inFlight = new Set<FastifyRequest>();
  app.addHook('onRequest', async (request, reply) => {
    inFlight.add(request);
    if (app.readiness.draining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    inFlight.delete(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    inFlight.delete(request);
  });

  app.addHook('preClose', async () => {
    if (!app.readiness.draining || !app.server.listening) return;
    // net.Server's own close: stop accepting, but leave open connections to finish their request.
    net.Server.prototype.close.call(app.server);
    const deadline = Date.now() + drainMs;
    while (open.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    // Fastify's own close no longer waits (the server is already closed): requests still running
    // finish here; the shutdown timeout of server.ts bounds the wait.
    while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 25));
  });
}
