/** POST /auth/verify-email (follow the link), POST /auth/resend-verification ('Renvoyer le lien'), DECISIONS 38. */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { caller, requireUser } from '../../auth/guard.js';
import { AttemptLimiter, type RateLimitStore } from '../../auth/rate-limit.js';
import { ApiError, badRequest, tooManyRequests } from '../../http/errors.js';
import { errorResponses, messageSchema } from '../../http/schemas.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  consumeVerification,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_VERIFICATION_INVALID,
  EMAIL_VERIFIED,
  sendVerificationMail,
  TOO_MANY_VERIFICATION_MAILS,
  VERIFICATION_MAIL_FAILED,
  VERIFICATION_SENT,
} from './email-verification.js';

export async function emailVerificationRoutes(
  app: FastifyInstance,
  { db, config, mailer, limits }: { db: AppDb; config: AppConfig; mailer: Mailer; limits: RateLimitStore },
): Promise<void> {
  // A mailbox gets at most a few links per window, as with the reset links (same bound).
  const perAccount = new AttemptLimiter(limits, 'verify-resend', config.resetLimits.perEmail, config.resetLimits.windowSeconds);

  app.post<{ Body: { token: string } }>(
    '/auth/verify-email',
    {
      schema: {
        tags: ['Authentification'],
        security: [],
        summary: 'Confirmer son adresse email avec le lien reçu (48 heures, une seule fois)',
        body: { type: 'object', properties: { token: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['token'] },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = await consumeVerification(db, request.body.token);
      if (userId === null) throw badRequest(EMAIL_VERIFICATION_INVALID);
      return { message: EMAIL_VERIFIED };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      preHandler: requireUser,
      schema: {
        tags: ['Authentification'],
        summary: 'Recevoir un nouveau lien de vérification de mon adresse email',
        security: [{ bearer: [] }],
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = caller(request);
      if (user.emailVerifieLe) return { message: EMAIL_ALREADY_VERIFIED };
      const wait = await perAccount.hit(String(user.id));
      if (wait > 0) throw tooManyRequests(TOO_MANY_VERIFICATION_MAILS, wait);
      try {
        await sendVerificationMail(db, mailer, config, user);
      } catch (error) {
        request.log.error({ err: error }, 'verification mail not sent');
        throw new ApiError(503, VERIFICATION_MAIL_FAILED);
      }
      return { message: VERIFICATION_SENT };
    },
  );
}
