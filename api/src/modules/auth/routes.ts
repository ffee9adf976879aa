/** POST /auth/login, GET /auth/me, POST /auth/logout, POST /auth/google (spec section 7, DECISIONS 12-13). */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { normalizeEmail } from 'shared-kernel/rules';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { AppConfig } from '../../config.js';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { AttemptLimiter } from '../../auth/rate-limit.js';
import { caller, requireUser, SESSION_COOKIE } from '../../auth/guard.js';
import type { TokenService, UserRow } from '../../auth/sessions.js';
import type { GoogleTokenVerifier } from '../../auth/google.js';
import type { Realtime } from '../../realtime/socket.js';
import { ApiError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { errorResponses, messageSchema, userSchema } from '../../http/schemas.js';
import { createUser, findUserByEmail, publicUser } from '../users/service.js';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect.';
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.';

interface Deps {
  db: AppDb;
  config: AppConfig;
  tokens: TokenService;
  google: GoogleTokenVerifier | null;
  realtime: Realtime;
}

const loginResponse = {
  type: 'object',
  properties: { token: { type: 'string' }, user: userSchema },
  required: ['token', 'user'],
} as const;

export async function authRoutes(app: FastifyInstance, { db, config, tokens, google, realtime }: Deps): Promise<void> {
  const perIp = new AttemptLimiter(config.loginLimits.perIp, config.loginLimits.windowSeconds * 1000);
  const perEmail = new AttemptLimiter(config.loginLimits.perEmail, config.loginLimits.windowSeconds * 1000);
  const secureCookie = config.siteOrigin.startsWith('https://');

  async function signIn(reply: FastifyReply, user: UserRow) {
    const { token, expiresAt } = await tokens.issue(user.id);
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', expires: expiresAt });
    return { token, user: publicUser(user) };
  }

  app.post<{ Body: { email: string; password: string } }>(
    '/auth/login',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Connexion par email et mot de passe',
        body: {
          type: 'object',
          properties: { email: { type: 'string', minLength: 1, maxLength: 254 }, password: { type: 'string', minLength: 1, maxLength: 128 } },
          required: ['email', 'password'],
        },
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const wait = Math.max(perIp.hit(request.ip), perEmail.hit(email));
      if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait);
      const user = await findUserByEmail(db, email);
      // Same work whether or not the account exists, so timing does not reveal it.
      const ok = await verifyPassword(request.body.password, user?.passwordHash ?? (await decoyHash(config.scryptCost)));
      if (!user || !ok) throw unauthorized(BAD_CREDENTIALS);
      perEmail.reset(email);
      return signIn(reply, user);
    },
  );

  app.get(
    '/auth/me',
    { preHandler: requireUser, schema: { tags: ['Authentification'], summary: "L'utilisateur connecté", response: { 200: { type: 'object', properties: { user: userSchema } }, ...errorResponses } } },
    async (request) => ({ user: publicUser(caller(request).user) }),
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['Authentification'], summary: 'Déconnexion (le jeton est révoqué côté serveur)', response: { 200: messageSchema } } },
    async (request, reply) => {
      if (request.auth) {
        await tokens.revoke(request.auth.sessionId);
        realtime.endSession(request.auth.sessionId);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Déconnexion réussie.' };
    },
  );

  app.post<{ Body: { credential: string } }>(
    '/auth/google',
    {
      schema: {
        tags: ['Authentification'],
        summary: "Connexion avec Google (jeton d'identité vérifié par le serveur)",
        body: { type: 'object', properties: { credential: { type: 'string', minLength: 1, maxLength: 4096 } }, required: ['credential'] },
        response: { 200: loginResponse, 503: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!google) throw new ApiError(503, "La connexion avec Google n'est pas configurée sur ce serveur.");
      const wait = perIp.hit(request.ip);
      if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait);
      let identity;
      try {
        identity = await google.verify(request.body.credential);
      } catch (error) {
        request.log.warn({ err: error }, 'google keys unavailable');
        throw new ApiError(503, 'Le service de connexion Google est momentanément indisponible. Veuillez réessayer.');
      }
      if (!identity) throw unauthorized('La connexion avec Google a échoué : jeton invalide ou expiré.');
      const byGoogleId = await db.select().from(users).where(eq(users.googleId, identity.googleId)).limit(1);
      let user = byGoogleId[0];
      if (!user) {
        const byEmail = await findUserByEmail(db, identity.email);
        if (byEmail) {
          const [linked] = await db
            .update(users)
            .set({ googleId: identity.googleId, photo: byEmail.photo ?? identity.picture })
            .where(eq(users.id, byEmail.id))
            .returning();
          user = linked ?? byEmail;
        } else {
          user = await createUser(db, { nom: identity.name, email: identity.email, password: null, googleId: identity.googleId, photo: identity.picture }, config.scryptCost);
        }
      }
      return signIn(reply, user);
    },
  );
}
