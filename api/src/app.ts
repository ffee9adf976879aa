/** Builds the Fastify application around an open database. */
import { pricingRoutes, taxeSejourAdminRoutes } from './modules/pricing/routes.js';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { GoogleTokenVerifier } from './auth/google.js';
import { installAuth } from './auth/guard.js';
import { resolveJwtSecret } from './auth/secret.js';
import { createTokenService } from './auth/sessions.js';
import { configurePasswordHashing } from './auth/password.js';
import { createRateLimitStore } from './auth/rate-limit.js';
import { installErrorHandling, SCHEMA_MESSAGE } from './http/errors.js';
import { declareCommonAnswers, openApiOptions } from './http/openapi.js';
import { buildResponseSerializer } from './http/response-serializer.js';
import { installContractAudit, type ContractViolation } from './http/contract-audit.js';
import { clientErrorHandler, frameworkErrors, sendFrenchError } from './http/framework-errors.js';
import { FORBIDDEN_CHARACTER_IN_URL, installInputGuards } from './http/input-guards.js';
import { loggerOptions } from './http/logging.js';
import { installCsrfCheck } from './http/csrf.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { appartementRoutes } from './modules/appartements/routes.js';
import { appartementAdminRoutes } from './modules/appartements/admin-routes.js';
import { ListCache } from './modules/appartements/list-cache.js';
import { authRoutes } from './modules/auth/routes.js';
import { reservationRoutes } from './modules/reservations/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { planningRoutes } from './modules/planning/routes.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { passwordResetRoutes } from './modules/auth/password-reset.js';
import { emailVerificationRoutes } from './modules/auth/email-verification-routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { installServices } from './services.js';
import { installMail } from './mail/install.js';
import type { PaymentInstructionsProvider } from './mail/reservation-mails.js';
import { leadRoutes } from './modules/leads/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { photoRoutes } from './modules/photos/routes.js';
import { accesRoutes } from './modules/acces/routes.js';
import { createRealtime } from './realtime/socket.js';
import { installMetrics } from './observability/metrics.js';
import { installReadiness } from './observability/ready.js';
import { requestIdOptions, sendRequestId } from './observability/request-id.js';
import { installDrain } from './lifecycle/drain.js';
import { calendarAdminRoutes, calendarExportRoutes } from './modules/calendriers/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { accountingRoutes } from './modules/ledger/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { useInvoiceIssuer } from './modules/invoices/settings.js';
import { virementInstructions } from './modules/payments/virement.js';
import { legalRoutes } from './modules/legal/routes.js';
import { warnOfLegalExamples } from './modules/legal/answer.js';
import { siteFigureRoutes } from './modules/site/figures.js';
import { rgpdRoutes } from './modules/rgpd/routes.js';
import { scheduleHousekeeping } from './modules/rgpd/housekeeping.js';
import { scheduleEmbeddedMaintenance } from './db/maintenance.js';
import { AVATAR_MAX_BYTES } from './modules/users/avatar.js';
import { createObjectStore, type ObjectStore } from './storage/object-store.js';
import { mediaRoutes } from './storage/media-routes.js';
import { createInvalidationBus } from './cache/invalidation-bus.js';
import { staticSite } from './web/static-site.js';
import { imageVariantRoutes } from './media/image-variant-routes.js';
import { scheduleImageWarmUp } from './media/warm-up.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  /** Serve the shell and the remotes (off in API tests that do not need them). */
  serveSite?: boolean;
  fetchImpl?: typeof fetch;
  mailer?: Mailer;
  /** Where uploads go; by default the one the configuration names (DATA_DIR or S3). */
  store?: ObjectStore;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Bank transfer instructions for the 'reservation received' mail (the payment module); none by default. */
  paymentInstructions?: PaymentInstructionsProvider;
  /** Receives each answer that contradicts its route's OpenAPI declaration (the API tests turn it on). */
  onContractViolation?: (violation: ContractViolation) => void;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, serveSite = true, fetchImpl } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    frameworkErrors,
    clientErrorHandler,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Types are never coerced: a number sent for a text field is a 400, not a silent conversion.
    // `verbose` gives the error handler the failing schema, whose own French message (SCHEMA_MESSAGE) it
    // may use; `allowUnionTypes` lets a field take several types (the apartment form's degrees: a number or text).
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: true,
        allErrors: false,
        verbose: true,
        keywords: [SCHEMA_MESSAGE],
        allowUnionTypes: true,
      },
    },
    // Answers are written from the response schemas with their `[T, 'null']` types read as nullable (response-serializer.ts).
    schemaController: { compilersFactory: { buildSerializer: buildResponseSerializer } },
    ...requestIdOptions,
    // On SIGTERM a request arriving on an open keep-alive connection is still served (with
    // Connection: close), not answered 503: /api/ready already tells the balancer to stop.
    return503OnClosing: false,
  });
  const { db } = database;
  const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = createTokenService(db, secret, config.tokenTtlSeconds);
  const mailer: Mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: (m) => app.log.info(m) });
  const google = config.googleClientId ? new GoogleTokenVerifier(config.googleClientId, config.googleJwksUrl, fetchImpl) : null;

  installErrorHandling(app);
  sendRequestId(app);
  const metrics = installMetrics(app, { token: config.metricsToken, poolStats: () => database.poolStats() });
  installReadiness(app, { db, redisUrl: config.redisUrl });
  installDrain(app, Math.min(2000, config.shutdownTimeoutMs));
  configurePasswordHashing(config.passwordHashing);
  useInvoiceIssuer({ legal: config.legal, tva: config.facturation });
  warnOfLegalExamples(config, (message) => app.log.warn(message));
  // Shared by every API process when REDIS_URL is set, so adding processes does not multiply the limits.
  const limits = await createRateLimitStore({
    redisUrl: config.redisUrl,
    prefix: config.rateLimitPrefix,
    onError: (error) => app.log.error({ err: error }, 'redis rate limits'),
  });
  app.addHook('onClose', () => limits.close());
  installInputGuards(app);
  // A NUL character anywhere in the URL (path or query): no page or route can use it.
  app.addHook('onRequest', async (request, reply) => {
    if (/%00/i.test(request.url)) return sendFrenchError(request, reply, 400, FORBIDDEN_CHARACTER_IN_URL);
  });
  // Brotli at a moderate quality: most of the gain of level 11 for a fraction of the CPU per request.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await installSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  installCsrfCheck(app, config);
  await app.register(fastifyMultipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });
  const store = options.store ?? createObjectStore(config);
  await store.init();
  app.addHook('onClose', async () => store.close());
  await app.register(mediaRoutes, { store });
  // Every service, created once and declared as a decorator (services.ts); routes read them on `app`.
  const { jobs, imageVariants } = installServices(app, { config, db, metrics });
  await app.register(imageVariantRoutes);
  if (config.jobsEnabled && config.imageWarmUp) scheduleImageWarmUp(app, imageVariants);
  declareCommonAnswers(app);
  await app.register(fastifySwagger, openApiOptions(config));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  installAuth(app, tokens);
  if (options.onContractViolation) installContractAudit(app, options.onContractViolation);
  // Rebuilt after any write to apartments or reviews, in this process or another (Redis), else at most every second.
  const bus = await createInvalidationBus({
    redisUrl: config.redisUrl,
    channelPrefix: config.redisChannelPrefix,
    log: (err, what) => app.log.error({ err }, what),
  });
  app.addHook('onClose', async () => bus.close());
  const listCache = new ListCache(1000, Date.now, () => bus.publish('catalogue-list'));
  bus.on('catalogue-list', () => listCache.invalidateLocal());
  // Which process answered, for a load balancer's logs and the scale-out test.
  if (config.processName) {
    const name = config.processName;
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-served-by', name);
    });
  }
  scheduleHousekeeping(jobs, db, (purged) => app.log.info(purged, 'données arrivées au terme de leur durée de conservation supprimées'));
  scheduleEmbeddedMaintenance(jobs, database, (done) => app.log.info(done, 'base embarquée nettoyée et analysée'));
  const realtime = await createRealtime(app, { config, db, tokens, limits });
  metrics.watchSockets(() => realtime.socketCount());
  await installMail(app, {
    db,
    config,
    mailer,
    realtime,
    secret,
    paymentInstructions: options.paymentInstructions ?? ((id) => virementInstructions(db, config.payments, id)),
  });

  await app.register(
    async (api) => {
      api.get(
        '/health',
        {
          schema: {
            tags: ['Système'],
            security: [],
            summary: 'État du service',
            response: { 200: { type: 'object', properties: { status: { type: 'string' } } } },
          },
        },
        async () => ({ status: 'ok' }),
      );
      await api.register(authRoutes, { db, config, tokens, google, realtime, limits });
      await api.register(userRoutes, { db, config, limits, store, mailer });
      await api.register(appartementRoutes, { db, listCache, stayLimits: config.stayLimits });
      await api.register(appartementAdminRoutes, { db });
      await api.register(reservationRoutes, { db, stayLimits: config.stayLimits, settings: config.payments });
      await api.register(paymentRoutes, { db });
      await api.register(accountingRoutes, { db });
      await api.register(invoiceRoutes, { db });
      await api.register(reviewRoutes, { db, listCache });
      await api.register(planningRoutes, { db });
      await api.register(statisticsRoutes, { db });
      await api.register(messageRoutes, { db, realtime });
      await api.register(pricingRoutes, { db, stayLimits: config.stayLimits });
      await api.register(taxeSejourAdminRoutes, { db });
      await api.register(adminRoutes, { db, listCache, store });
      await api.register(accesRoutes, { db });
      await api.register(photoRoutes, { db, store, listCache, maxBytes: config.photoMaxBytes });
      await api.register(passwordResetRoutes, { db, config, tokens, mailer, realtime, limits });
      await api.register(emailVerificationRoutes, { db, config, mailer, limits });
      await api.register(legalRoutes, { config });
      await api.register(siteFigureRoutes, { db });
      await api.register(rgpdRoutes, { db, config, limits, store, realtime, google });
      await api.register(leadRoutes, { db, config, limits });
      await api.register(calendarAdminRoutes, { db, config });
    },
    { prefix: '/api' },
  );

  await app.register(calendarExportRoutes, { db, config });
  if (serveSite) await app.register(staticSite, { config, db, listCache });
  else app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ message: 'Ressource introuvable.' }));
  return app;
}
