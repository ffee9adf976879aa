/**
 * Realtime messaging (socket.io on the API's own HTTP server). Sockets authenticate with the same
 * tokens as HTTP (handshake `auth.token`, the session cookie, or the `authenticate` event); a
 * revoked or expired token is refused. Each user's sockets join `user:<id>` and `session:<jti>`
 * rooms, so a message reaches every open tab; with REDIS_URL the rooms span every API process.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import type { AppConfig } from '../config.js';
import type { AppDb } from '../db/client.js';
import { ApiError } from '../http/errors.js';
import { isSiteOrigin, siteOrigins, type SiteOrigins } from '../http/csrf.js';
import { SESSION_COOKIE } from '../auth/guard.js';
import type { AuthContext, TokenService } from '../auth/sessions.js';
import { AttemptLimiter, type RateLimitStore } from '../auth/rate-limit.js';
import { users } from '../db/schema.js';
import type { Message } from 'shared-kernel/domain';
import { sendMessage, type NewMessage } from '../modules/messages/service.js';
import { touchPresence } from './presence.js';

export const TOO_FAST = 'Vous envoyez trop de messages. Patientez quelques secondes.';
export const TOO_MANY_SOCKETS = 'Trop de connexions ouvertes pour ce compte. Fermez des onglets puis réessayez.';
export const CONTENT_NOT_TEXT = 'Le message doit être un texte.';
export const NUL_IN_MESSAGE = 'Le message contient un caractère non autorisé.';
export const BAD_RECEIVER = 'Destinataire invalide.';
export const BAD_APARTMENT = 'Appartement invalide.';

const INT_MAX = 2147483647;
/** An id PostgreSQL's `integer` can hold; anything else is refused before reaching the database. */
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= INT_MAX;
/** Numbers, or digit strings as older clients send them. */
const idFrom = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return isId(n) ? n : null;
};

export interface Realtime {
  /** Delivers a stored message to the receiver's and the sender's open tabs. */
  deliver(message: Message): void;
  /** Tells the senders that their messages were read. */
  read(receiverId: number, read: Array<{ id: number; senderId: number }>): void;
  /** Disconnects the sockets of a session that just ended (logout). */
  endSession(sessionId: string): void;
  /** Disconnects every socket of a user whose sessions were all revoked (password reset). */
  endUser(userId: number): void;
  /** Refuses a message when its sender goes too fast (HTTP and socket share the count). */
  checkRate(userId: number): Promise<void>;
  /** Sockets open on this process (metrics). */
  socketCount(): number;
  /** Whether the user has a connected socket on any process (the chat digest waits while they do). */
  isOnline(userId: number): Promise<boolean>;
  close(): Promise<void>;
}

interface SocketData {
  auth: AuthContext | null;
}

// Untyped event maps: each handler declares its own payload.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type UntypedHandler = (...args: any[]) => void;

function cookieToken(header: string | undefined): string | null {
  const match = header
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(SESSION_COOKIE.length + 1)) : null;
}

/**
 * The origin of the page that opens the socket: one of the site's own (SITE_ORIGIN, its aliases, its
 * loopback twins in development). An origin that merely equals the Host header is refused (DNS
 * rebinding, issue 26). A client without Origin (not a browser) carries no visitor's cookie.
 */
export function sameOrigin(request: IncomingMessage, origins: SiteOrigins): boolean {
  const origin = request.headers.origin;
  return origin === undefined || isSiteOrigin(origin, origins, request.socket.localPort);
}

export const SOCKET_FORBIDDEN = 'Connexion temps réel refusée : la page doit venir du site lui-même.';
export const TOO_MANY_ANONYMOUS_SOCKETS =
  'Trop de connexions non identifiées depuis cette adresse. Connectez-vous ou fermez des onglets puis réessayez.';

/** engine.io's answers to a malformed handshake, in French (they are shown as is to a client that sends one). */
const ENGINE_MESSAGES_FR: Record<number, string> = {
  0: 'Mode de transport inconnu.',
  1: 'Session temps réel inconnue ou expirée.',
  2: 'Méthode de connexion non acceptée.',
  3: 'Requête de connexion invalide.',
  4: 'Connexion temps réel refusée.',
  5: 'Version du protocole non prise en charge.',
};

export async function createRealtime(
  app: FastifyInstance,
  deps: { config: AppConfig; db: AppDb; tokens: TokenService; limits: RateLimitStore },
): Promise<Realtime> {
  const { config, db, tokens, limits } = deps;
  const allowedOrigins = siteOrigins(config);
  const limiter = new AttemptLimiter(limits, 'messages', config.messageLimits.max, config.messageLimits.windowSeconds);
  const io = new Server<Record<string, UntypedHandler>, Record<string, UntypedHandler>, Record<string, never>, SocketData>(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: config.siteOrigin, credentials: true },
    // A browser page from another origin may not open a socket with the visitor's cookie.
    allowRequest: (request, callback) => (sameOrigin(request, allowedOrigins) ? callback(null, true) : callback(SOCKET_FORBIDDEN, false)),
  });
  // The class's table is shared by every engine.io server of the process: translated in place.
  Object.assign((io.engine.constructor as unknown as { errorMessages: Record<number, string> }).errorMessages, ENGINE_MESSAGES_FR);
  // Sockets not signed in, per client IP: each costs memory and a connection, and needs no account (issue 26).
  const anonymous = new Map<string, Set<string>>();
  const clientIp = (socket: Socket): string => {
    const forwarded = config.trustProxy
      ? String(socket.handshake.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          ?.trim()
      : '';
    return forwarded || socket.handshake.address;
  };
  const leaveAnonymous = (socket: Socket) => {
    const ip = clientIp(socket);
    const set = anonymous.get(ip);
    if (!set) return;
    set.delete(socket.id);
    if (set.size === 0) anonymous.delete(ip);
  };

  // Which process holds a socket (the WebSocket handshake's answer), as for HTTP answers.
  if (config.processName) {
    const name = config.processName;
    io.engine.on('headers', (headers: Record<string, string>) => {
      headers['X-Served-By'] = name;
    });
  }

  let redisClients: Array<{ quit(): Promise<unknown> }> = [];
  if (config.redisUrl) {
    const pub = createClient({ url: config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (error) => app.log.error({ err: error }, 'redis pub'));
    sub.on('error', (error) => app.log.error({ err: error }, 'redis sub'));
    await Promise.all([pub.connect(), sub.connect()]);
    // The site's own key: several sites (or test runs) may share one Redis.
    io.adapter(createAdapter(pub, sub, { key: `${config.redisChannelPrefix}socket.io` }));
    redisClients = [pub, sub];
  }

  const checkRate = async (userId: number) => {
    const wait = await limiter.hit(String(userId));
    if (wait > 0) throw new ApiError(429, TOO_FAST, { 'Retry-After': String(wait) });
  };

  async function authenticate(socket: Socket, token: unknown): Promise<boolean> {
    const auth = typeof token === 'string' && token ? await tokens.resolve(token) : null;
    if (!auth) {
      socket.emit('auth_error', { message: 'Session invalide ou expirée. Veuillez vous reconnecter.' });
      return false;
    }
    const room = `user:${auth.user.id}`;
    // Counted and joined in the same tick, so parallel handshakes cannot all pass (per process).
    const open = io.of('/').adapter.rooms.get(room)?.size ?? 0;
    if (!socket.rooms.has(room) && open >= config.maxSocketsPerUser) {
      socket.emit('auth_error', { message: TOO_MANY_SOCKETS });
      socket.disconnect(true);
      return false;
    }
    (socket.data as SocketData).auth = auth;
    leaveAnonymous(socket);
    await socket.join([room, `session:${auth.sessionId}`]);
    socket.emit('authenticated', { userId: auth.user.id });
    await touchPresence(db, auth.user.id).catch((err: unknown) => app.log.error({ err }, 'présence'));
    return true;
  }

  io.on('connection', (socket) => {
    socket.data.auth = null;
    const handshakeToken =
      (socket.handshake.auth as { token?: unknown } | undefined)?.token ?? cookieToken(socket.handshake.headers.cookie);
    // Counted as anonymous until signed in; past the bound the newcomer is refused in French.
    const ip = clientIp(socket);
    const mine = anonymous.get(ip) ?? new Set<string>();
    if (!handshakeToken && mine.size >= config.maxAnonymousSocketsPerIp) {
      socket.emit('auth_error', { message: TOO_MANY_ANONYMOUS_SOCKETS });
      socket.disconnect(true);
      return;
    }
    mine.add(socket.id);
    anonymous.set(ip, mine);
    socket.on('disconnect', () => leaveAnonymous(socket));
    if (handshakeToken) void authenticate(socket, handshakeToken);

    socket.on('authenticate', (token: unknown) => void authenticate(socket, token));
    socket.on('disconnect', () => {
      const auth = socket.data.auth;
      if (auth) void touchPresence(db, auth.user.id).catch((err: unknown) => app.log.error({ err }, 'présence'));
    });

    socket.on('send_message', async (raw: unknown, ack?: (reply: unknown) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const auth = socket.data.auth;
      if (!auth) return reply({ error: 'Authentification requise. Veuillez vous connecter.' });
      try {
        const input = parseSocketMessage(raw);
        await checkRate(auth.user.id);
        const message = await sendMessage(db, auth.user, input);
        deliver(message);
        reply({ message });
      } catch (error) {
        if (error instanceof ApiError) return reply({ error: error.message, status: error.statusCode });
        app.log.error({ err: error }, 'send_message');
        reply({ error: 'Erreur lors de l’envoi du message.', status: 500 });
      }
    });

    for (const event of ['typing_start', 'typing_stop'] as const) {
      socket.on(event, async (payload: { receiverId?: unknown } | undefined) => {
        const auth = socket.data.auth;
        const receiverId = idFrom(payload?.receiverId);
        if (!auth || receiverId === null || receiverId === auth.user.id) return;
        try {
          // Same rule as messages: a client only reaches the support (admins); an admin, anyone.
          if (auth.user.role !== 'admin') {
            const [receiver] = await db.select({ role: users.role }).from(users).where(eq(users.id, receiverId)).limit(1);
            if (receiver?.role !== 'admin') return;
          }
          io.to(`user:${receiverId}`).emit(event, { senderId: auth.user.id });
        } catch (error) {
          app.log.error({ err: error }, event);
        }
      });
    }
  });

  /** What a socket sent, checked before anything reaches the database; refused in French. */
  function parseSocketMessage(raw: unknown): NewMessage {
    const payload = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (typeof payload.contenu !== 'string') throw new ApiError(400, CONTENT_NOT_TEXT);
    if (payload.contenu.includes('\u0000')) throw new ApiError(400, NUL_IN_MESSAGE);
    const receiverId = idFrom(payload.receiverId);
    if (receiverId === null) throw new ApiError(400, BAD_RECEIVER);
    let appartementId: number | null = null;
    if (payload.appartementId !== undefined && payload.appartementId !== null) {
      appartementId = idFrom(payload.appartementId);
      if (appartementId === null) throw new ApiError(400, BAD_APARTMENT);
    }
    return { receiverId, contenu: payload.contenu, appartementId, ...(payload.type !== undefined ? { type: payload.type as string } : {}) };
  }

  function deliver(message: Message): void {
    io.to([`user:${message.receiverId}`, `user:${message.senderId}`]).emit('new_message', message);
  }

  // Sockets are closed before the HTTP server: otherwise close() waits for connected clients.
  // They are told first, then their transport is closed without a socket.io "disconnect" packet:
  // clients see "transport close" and reconnect by themselves (to another process behind a balancer).
  app.addHook('preClose', async () => {
    io.emit('server_shutdown', { message: 'Le serveur redémarre : reconnexion automatique en cours…', reconnect: true });
    await new Promise<void>((resolve) => void io.close(() => resolve()));
    await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
  });

  return {
    deliver,
    read(receiverId, read) {
      const bySender = new Map<number, number[]>();
      for (const r of read) bySender.set(r.senderId, [...(bySender.get(r.senderId) ?? []), r.id]);
      for (const [senderId, messageIds] of bySender)
        io.to([`user:${senderId}`, `user:${receiverId}`]).emit('messages_read', { receiverId, messageIds });
    },
    endSession(sessionId) {
      io.in(`session:${sessionId}`).disconnectSockets(true);
    },
    endUser(userId) {
      io.in(`user:${userId}`).disconnectSockets(true);
    },
    checkRate,
    socketCount: () => io.of('/').sockets.size,
    async isOnline(userId) {
      const sockets = await io.in(`user:${userId}`).fetchSockets();
      return sockets.length > 0;
    },
    async close() {
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    },
  };
}
