/**
 * Realtime messaging (socket.io on the API's own HTTP server). Sockets authenticate with the same
 * tokens as HTTP (handshake `auth.token`, the session cookie, or the `authenticate` event); a
 * revoked or expired token is refused. Each user's sockets join `user:<id>` and `session:<jti>`
 * rooms, so a message reaches every open tab; with REDIS_URL the rooms span every API process.
 */
import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AppConfig } from '../config.js';
import type { AppDb } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { SESSION_COOKIE } from '../auth/guard.js';
import type { AuthContext, TokenService } from '../auth/sessions.js';
import { AttemptLimiter } from '../auth/rate-limit.js';
import { sendMessage, type MessageDto, type NewMessage } from '../modules/messages/service.js';

export const TOO_FAST = 'Vous envoyez trop de messages. Patientez quelques secondes.';

export interface Realtime {
  /** Delivers a stored message to the receiver's and the sender's open tabs. */
  deliver(message: MessageDto): void;
  /** Tells the senders that their messages were read. */
  read(receiverId: number, read: Array<{ id: number; senderId: number }>): void;
  /** Disconnects the sockets of a session that just ended (logout). */
  endSession(sessionId: string): void;
  /** Disconnects every socket of a user whose sessions were all revoked (password reset). */
  endUser(userId: number): void;
  /** Refuses a message when its sender goes too fast (HTTP and socket share the count). */
  checkRate(userId: number): void;
  /** Sockets open on this process (metrics). */
  socketCount(): number;
  close(): Promise<void>;
}

interface SocketData {
  auth: AuthContext | null;
}

function cookieToken(header: string | undefined): string | null {
  const match = header?.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(SESSION_COOKIE.length + 1)) : null;
}

export async function createRealtime(app: FastifyInstance, deps: { config: AppConfig; db: AppDb; tokens: TokenService }): Promise<Realtime> {
  const { config, db, tokens } = deps;
  const limiter = new AttemptLimiter(config.messageLimits.max, config.messageLimits.windowSeconds * 1000);
  const io = new Server<Record<string, (...args: any[]) => void>, Record<string, (...args: any[]) => void>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: config.siteOrigin, credentials: true },
    // A browser page from another origin may not open a socket with the visitor's cookie.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || origin === config.siteOrigin);
    },
  });

  let redisClients: Array<{ quit(): Promise<unknown> }> = [];
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => app.log.error({ err: error }, 'redis pub'));
    sub.on('error', (error) => app.log.error({ err: error }, 'redis sub'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients = [pub, sub];
  }

  const checkRate = (userId: number) => {
    const wait = limiter.hit(String(userId));
    if (wait > 0) throw new ApiError(429, TOO_FAST, { 'Retry-After': String(wait) });
  };

  async function authenticate(socket: Socket, token: unknown): Promise<boolean> {
    const auth = typeof token === 'string' && token ? await tokens.resolve(token) : null;
    if (!auth) {
      socket.emit('auth_error', { message: 'Session invalide ou expirée. Veuillez vous reconnecter.' });
      return false;
    }
    socket.data.auth = auth;
    await socket.join([`user:${auth.user.id}`, `session:${auth.sessionId}`]);
    socket.emit('authenticated', { userId: auth.user.id });
    return true;
  }

  io.on('connection', (socket) => {
    socket.data.auth = null;
    const handshakeToken = (socket.handshake.auth as { token?: unknown } | undefined)?.token ?? cookieToken(socket.handshake.headers.cookie);
    if (handshakeToken) void authenticate(socket, handshakeToken);

    socket.on('authenticate', (token: unknown) => void authenticate(socket, token));

    socket.on('send_message', async (payload: Partial<NewMessage> | undefined, ack?: (reply: unknown) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const auth = socket.data.auth;
      if (!auth) return reply({ error: 'Authentification requise. Veuillez vous connecter.' });
      try {
        checkRate(auth.user.id);
        const message = await sendMessage(db, auth.user, {
          receiverId: Number(payload?.receiverId),
          contenu: String(payload?.contenu ?? ''),
          ...(payload?.type !== undefined ? { type: payload.type } : {}),
          ...(payload?.appartementId !== undefined ? { appartementId: payload.appartementId } : {}),
        });
        deliver(message);
        reply({ message });
      } catch (error) {
        if (error instanceof ApiError) return reply({ error: error.message, status: error.statusCode });
        app.log.error({ err: error }, 'send_message');
        reply({ error: 'Erreur lors de l’envoi du message.', status: 500 });
      }
    });

    for (const event of ['typing_start', 'typing_stop'] as const) {
      socket.on(event, (payload: { receiverId?: unknown } | undefined) => {
        const auth = socket.data.auth;
        const receiverId = Number(payload?.receiverId);
        if (!auth || !Number.isInteger(receiverId) || receiverId === auth.user.id) return;
        io.to(`user:${receiverId}`).emit(event, { senderId: auth.user.id });
      });
    }
  });

  function deliver(message: MessageDto): void {
    io.to([`user:${message.receiverId}`, `user:${message.senderId}`]).emit('new_message', message);
  }

  // Sockets are closed before the HTTP server: otherwise close() waits for connected clients.
  // They are told first, then their transport is closed without a socket.io "disconnect" packet:
  // clients see "transport close" and reconnect by themselves (to another process behind a balancer).
  app.addHook('preClose', async () => {
    io.emit('server_shutdown', { message: 'Le serveur redémarre : reconnexion automatique en cours…', reconnect: true });
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });

  return {
    deliver,
    read(receiverId, read) {
      const bySender = new Map<number, number[]>();
      for (const r of read) bySender.set(r.senderId, [...(bySender.get(r.senderId) ?? []), r.id]);
      for (const [senderId, messageIds] of bySender) io.to([`user:${senderId}`, `user:${receiverId}`]).emit('messages_read', { receiverId, messageIds });
    },
    endSession(sessionId) {
      io.in(`session:${sessionId}`).disconnectSockets(true);
    },
    endUser(userId) {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    checkRate,
    socketCount: () => io.of('/').sockets.size,
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
