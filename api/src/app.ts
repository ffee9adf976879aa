/** Builds the Fastify application around an open database. */
import { pricingRoutes, taxeSejourAdminRoutes } from './modules/pricing/routes.js';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { mkdirSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { GoogleTokenVerifier } from './auth/google.js';
import { installAuth } from './auth/guard.js';
import { resolveJwtSecret } from './auth/secret.js';
import { createTokenService } from './auth/sessions.js';
import { installErrorHandling } from './http/errors.js';
import { appartementRoutes } from './modules/appartements/routes.js';
import { ListCache } from './modules/appartements/list-cache.js';
import { authRoutes } from './modules/auth/routes.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { passwordResetRoutes } from './modules/auth/password-reset.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { messageRoutes } from './modules/messages/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createRealtime } from './realtime/socket.js';
import { userRoutes } from './modules/users/routes.js';
import { AVATAR_MAX_BYTES, AVATAR_URL_PREFIX, avatarDir } from './modules/users/avatar.js';
import { staticSite } from './web/static-site.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  /** Serve the shell and the remotes (off in API tests that do not need them). */
  serveSite?: boolean;
  fetchImpl?: typeof fetch;
  mailer?: Mailer;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, serveSite = true, fetchImpl } = options;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Types are never coerced: a number sent for a text field is a 400, not a silent conversion.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false } },
  });
  const { db } = database;
  const tokens = createTokenService(db, resolveJwtSecret(config.jwtSecret, config.dataDir), config.tokenTtlSeconds);
  const mailer: Mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: (m) => app.log.info(m) });
  const google = config.googleClientId ? new GoogleTokenVerifier(config.googleClientId, config.googleJwksUrl, fetchImpl) : null;

  installErrorHandling(app);
  // Brotli at a moderate quality: most of the gain of level 11 for a fraction of the CPU per request.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  mkdirSync(avatarDir(config.dataDir), { recursive: true });
  await app.register(fastifyStatic, { root: avatarDir(config.dataDir), prefix: AVATAR_URL_PREFIX, decorateReply: false, maxAge: '1d' });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `API ${config.siteName}`, version: '1.0.0', description: 'Toutes les routes sont sous /api. Les erreurs répondent { message } en français.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  installAuth(app, tokens);
  // Rebuilt after any write to apartments or reviews in this process, else at most every second.
  const listCache = new ListCache(1000);
  const realtime = await createRealtime(app, { config, db, tokens });

  await app.register(
    async (api) => {
      api.get('/health', { schema: { tags: ['Système'], summary: 'État du service', response: { 200: { type: 'object', properties: { status: { type: 'string' } } } } } }, async () => ({ status: 'ok' }));
      await api.register(authRoutes, { db, config, tokens, google, realtime });
      await api.register(userRoutes, { db, config });
      await api.register(appartementRoutes, { db, listCache });
      await api.register(reservationRoutes, { db });
      await api.register(reviewRoutes, { db, listCache });
      await api.register(messageRoutes, { db, realtime });
      await api.register(pricingRoutes, { db });
      await api.register(taxeSejourAdminRoutes, { db });
      await api.register(adminRoutes, { db, listCache });
      await api.register(passwordResetRoutes, { db, config, tokens, mailer, realtime });
    },
    { prefix: '/api' },
  );

  if (serveSite) await app.register(staticSite, { config, db });
  else app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: 'Ressource introuvable.' }));
  return app;
}
