/**
 * GDPR rights of the signed-in person ('Mes données' in the profile): GET /users/me/export (the JSON
 * file of their data) and DELETE /users/me (erasure, after the password or a fresh Google sign-in).
 */
import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { caller, requireUser, SESSION_COOKIE } from '../../auth/guard.js';
import { verifyPassword } from '../../auth/password.js';
import { eraseOutboxFiles } from '../../mail/mailer.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import type { GoogleTokenVerifier } from '../../auth/google.js';
import type { Realtime } from '../../realtime/socket.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { ApiError, badRequest, conflict, forbidden, tooManyRequests } from '../../http/errors.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import { removeAvatar } from '../users/avatar.js';
import { deletionRefusal, eraseAccount, todayInParis } from './deletion.js';
import { exportUserData } from './export.js';

export const WRONG_PASSWORD = 'Mot de passe incorrect : votre compte n’a pas été supprimé.';
export const PASSWORD_REQUIRED = 'Saisissez votre mot de passe pour confirmer la suppression de votre compte.';
export const GOOGLE_REQUIRED = 'Reconnectez-vous avec Google pour confirmer la suppression de votre compte.';
export const GOOGLE_MISMATCH =
  'Cette connexion Google ne correspond pas à votre compte, ou date de plus de 10 minutes : votre compte n’a pas été supprimé.';
export const TOO_MANY_CONFIRMATIONS = 'Trop de tentatives. Veuillez réessayer dans quelques minutes.';
export const ACCOUNT_DELETED = 'Votre compte a été supprimé. Vos données personnelles ont été effacées.';
/** A Google sign-in older than this does not confirm a deletion. */
const GOOGLE_FRESH_SECONDS = 600;

interface Deps {
  db: AppDb;
  config: AppConfig;
  limits: RateLimitStore;
  store: ObjectStore;
  realtime: Realtime;
  google: GoogleTokenVerifier | null;
}

export async function rgpdRoutes(app: FastifyInstance, { db, config, limits, store, realtime, google }: Deps): Promise<void> {
  // Behind a valid session, but a stolen one must not become a password oracle.
  const failures = new AttemptLimiter(limits, 'delete-account', 5, 900);

  app.get(
    '/users/me/export',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Mes données'],
        summary: 'Télécharger mes données (compte, réservations, avis, messages) en JSON',
        security: [{ bearer: [] }],
        response: { 200: { type: 'object', additionalProperties: true }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      reply.header('Cache-Control', 'no-store');
      reply.header('Content-Disposition', `attachment; filename="mes-donnees-${todayInParis()}.json"`);
      return exportUserData(db, user);
    },
  );

  app.delete<{ Body: { motDePasse?: string; googleCredential?: string } }>(
    '/users/me',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Mes données'],
        summary: 'Supprimer mon compte (mot de passe, ou nouvelle connexion Google pour un compte Google)',
        security: [{ bearer: [] }],
        body: {
          type: 'object',
          properties: {
            motDePasse: { type: 'string', maxLength: 128 },
            googleCredential: { type: 'string', maxLength: 4096 },
          },
        },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      const body = request.body ?? {};
      const key = String(user.id);
      if ((await failures.blocked(key)) > 0) throw tooManyRequests(TOO_MANY_CONFIRMATIONS, await failures.blocked(key));
      if (user.passwordHash) {
        if (!body.motDePasse) throw badRequest(PASSWORD_REQUIRED);
        if (!(await verifyPassword(body.motDePasse, user.passwordHash))) {
          await failures.hit(key);
          throw forbidden(WRONG_PASSWORD);
        }
      } else {
        if (!body.googleCredential) throw badRequest(GOOGLE_REQUIRED);
        if (!google) throw new ApiError(503, "La connexion avec Google n'est pas configurée sur ce serveur.");
        let identity;
        try {
          identity = await google.verify(body.googleCredential);
        } catch (error) {
          request.log.warn({ err: error }, 'google keys unavailable');
          throw new ApiError(503, 'Le service de connexion Google est momentanément indisponible. Veuillez réessayer.');
        }
        const issuedAt = identity?.issuedAt ?? null;
        const fresh = issuedAt !== null && Date.now() / 1000 - issuedAt <= GOOGLE_FRESH_SECONDS;
        if (!identity || identity.googleId !== user.googleId || !fresh) {
          await failures.hit(key);
          throw forbidden(GOOGLE_MISMATCH);
        }
      }
      const refusal = await deletionRefusal(db, user);
      if (refusal) throw conflict(refusal);
      const { photo, email, mailIds } = await eraseAccount(db, user.id);
      await failures.reset(key);
      realtime.endUser(user.id);
      try {
        await removeAvatar(store, photo);
      } catch (error) {
        // The account is erased already; an orphan file is logged for the operator, not shown as a failure.
        request.log.error({ err: error }, 'avatar of an erased account not removed');
      }
      try {
        // Without SMTP the mails are files in DATA_DIR/outbox: those to the person and those naming them go too.
        if (email) await eraseOutboxFiles(config.dataDir, mailIds, email);
      } catch (error) {
        request.log.error({ err: error }, 'outbox files of an erased account not removed');
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: ACCOUNT_DELETED };
    },
  );
}
