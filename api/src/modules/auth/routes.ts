/** POST /auth/login, GET /auth/me, POST /auth/logout, POST /auth/google (spec section 7, DECISIONS 12-13). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { normalizeEmail } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { decoyHash, isHashingBusy, verifyPassword } from '../../auth/password.js';
import { RejectionCache } from '../../auth/rejection-cache.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import { caller, requireUser, SESSION_COOKIE } from '../../auth/guard.js';
import type { TokenService, UserRow } from '../../auth/sessions.js';
import type { GoogleTokenVerifier } from '../../auth/google.js';
import type { Realtime } from '../../realtime/socket.js';
import { ApiError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { errorResponses, messageSchema, OPTIONAL_SESSION, userSchema } from '../../http/schemas.js';
import { createUser, findUserByEmail, findUserByGoogleId, linkGoogleIdentity, markEmailVerified, publicUser } from '../users/service.js';

export const BAD_CREDENTIALS = 'Email ou mot de passe incorrect.';
export const TOO_MANY_ATTEMPTS = 'Trop de tentatives de connexion. Veuillez réessayer dans quelques minutes.';

interface Deps {
  db: AppDb;
  config: AppConfig;
  tokens: TokenService;
  google: GoogleTokenVerifier | null;
  realtime: Realtime;
  limits: RateLimitStore;
}

const loginResponse = {
  type: 'object',
  properties: { token: { type: 'string' }, user: userSchema },
  required: ['token', 'user'],
} as const;

const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});
const GoogleBody = Type.Object({ credential: Type.String({ minLength: 1, maxLength: 4096 }) });

export async function authRoutes(server: FastifyInstance, { db, config, tokens, google, realtime, limits }: Deps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  // Failures are counted per IP and per (IP, account), never per account alone: otherwise anyone
  // could lock the owner out with a few wrong passwords (issue 10).
  const { perIp, perEmail, perAccount, windowSeconds, accountBackoffSeconds } = config.loginLimits;
  const failuresPerIp = new AttemptLimiter(limits, 'login-ip', perIp, windowSeconds);
  const failuresPerPair = new AttemptLimiter(limits, 'login-ip-account', perEmail, windowSeconds);
  const failuresPerAccount = new AttemptLimiter(limits, 'login-account', perAccount, windowSeconds);
  // The last failure of an IP on an account, for the per-account rule: a short wait, not the whole window (issue 26).
  const recentFailure = new AttemptLimiter(limits, 'login-recent', 1, accountBackoffSeconds);
  // A wrong pair sent again is answered without hashing (issue 26): repeating it costs the pool nothing.
  const rejected = new RejectionCache(60_000);
  const secureCookie = config.siteOrigin.startsWith('https://');

  async function signIn(reply: FastifyReply, user: UserRow) {
    const { token, expiresAt } = await tokens.issue(user.id);
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: '/', expires: expiresAt });
    return { token, user: publicUser(user) };
  }

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['Authentification'],
        security: [],
        summary: 'Connexion par email et mot de passe',
        body: LoginBody,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const ip = request.ip;
      const pair = `${ip}|${email}`;
      // Counted before the check, so a burst of parallel attempts cannot all slip under the limit;
      // a success takes its count back below.
      const ipHit = await failuresPerIp.hitCount(ip);
      const wait = Math.max(ipHit.wait, await failuresPerPair.hit(pair));
      if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait);
      // Against many IPs guessing one account: past the per-account bound an IP that just failed on
      // it waits a little, so the owner, from an IP with no failures (or after one typo), still gets in.
      if ((await failuresPerAccount.blocked(email)) > 0) {
        const backoff = await recentFailure.blocked(pair);
        if (backoff > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, backoff);
      }
      const fail = async () => {
        await Promise.all([failuresPerAccount.hit(email), recentFailure.hit(pair)]);
        return unauthorized(BAD_CREDENTIALS);
      };
      let ok: boolean;
      let user: UserRow | undefined;
      try {
        user = await findUserByEmail(db, email);
        const stored = user?.passwordHash ?? (await decoyHash(config.scryptCost));
        if (rejected.has(email, stored, request.body.password)) throw await fail();
        // The first attempt of an IP in the window is "trusted": served first, so a flood from IPs that
        // already failed cannot keep a new one waiting.
        ok = await verifyPassword(request.body.password, stored, { ip, account: email, trusted: ipHit.count === 1 });
        if (!ok) rejected.add(email, stored, request.body.password);
      } catch (error) {
        // A refusal of the busy pool still counts against the caller (issue 26); a database failure does not.
        if (!isHashingBusy(error) && !(error instanceof ApiError && error.statusCode === 401))
          await Promise.all([failuresPerIp.forgive(ip), failuresPerPair.forgive(pair)]);
        throw error;
      }
      if (!user || !ok) throw await fail();
      await Promise.all([failuresPerIp.forgive(ip), failuresPerPair.reset(pair)]);
      return signIn(reply, user);
    },
  );

  app.get(
    '/auth/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Authentification'],
        security: [{ bearer: [] }],
        summary: "L'utilisateur connecté",
        response: { 200: { type: 'object', properties: { user: userSchema } }, ...errorResponses },
      },
    },
    async (request) => ({ user: publicUser(caller(request).user) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['Authentification'],
        // Without a session it only clears the cookie.
        security: OPTIONAL_SESSION,
        summary: 'Déconnexion (le jeton est révoqué côté serveur)',
        response: { 200: messageSchema },
      },
    },
    async (request, reply) => {
      if (request.auth) {
        await tokens.revoke(request.auth.sessionId);
        realtime.endSession(request.auth.sessionId);
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'Déconnexion réussie.' };
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['Authentification'],
        security: [],
        summary: "Connexion avec Google (jeton d'identité vérifié par le serveur)",
        body: GoogleBody,
        response: { 200: loginResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!google) throw new ApiError(503, "La connexion avec Google n'est pas configurée sur ce serveur.");
      const wait = await failuresPerIp.hit(request.ip);
      if (wait > 0) throw tooManyRequests(TOO_MANY_ATTEMPTS, wait);
      let identity;
      try {
        identity = await google.verify(request.body.credential);
      } catch (error) {
        request.log.warn({ err: error }, 'google keys unavailable');
        throw new ApiError(503, 'Le service de connexion Google est momentanément indisponible. Veuillez réessayer.');
      }
      if (!identity) throw unauthorized('La connexion avec Google a échoué : jeton invalide ou expiré.');
      await failuresPerIp.forgive(request.ip);
      let user = await findUserByGoogleId(db, identity.googleId);
      if (user) {
        // Google says the address is the person's (the verifier refuses an unverified one).
        if (!user.emailVerifieLe && user.email === identity.email) user = await markEmailVerified(db, user.id);
      } else {
        const byEmail = await findUserByEmail(db, identity.email);
        if (byEmail) {
          const linked = await linkGoogleIdentity(db, byEmail, identity);
          user = linked.user;
          // Whoever set that password never proved the address: their sessions end (account pre-hijacking).
          if (linked.droppedPassword) {
            await tokens.revokeAllOf(user.id);
            realtime.endUser(user.id);
          }
        } else {
          user = await createUser(
            db,
            {
              nom: identity.name,
              email: identity.email,
              password: null,
              googleId: identity.googleId,
              photo: identity.picture,
              emailVerifie: true,
            },
            config.scryptCost,
          );
        }
      }
      return signIn(reply, user);
    },
  );
}
