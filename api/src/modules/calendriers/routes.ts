/**
 * Channel sync endpoints: the public (secret-token) iCal export, and the admin calendar, manual
 * blocks, import feeds and conflicts. The periodic import is declared here on `app.jobs`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { FEED_SYNC_STEPS, type ImportedFeed } from 'shared-kernel/domain';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import { appartements, FLUX_LIBELLES, fluxIcal } from '../../db/schema.js';
import type { MailService } from '../../mail/install.js';
import { requireAdmin } from '../../auth/guard.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { errorResponses, idParams, messageSchema, OPEN_OBJECT } from '../../http/schemas.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';
import { activeConflicts, blockDays, calendarOf, CALENDAR_MAX_DAYS, checkPeriod, unblockDays } from './admin-calendar.js';
import { exportTokenFor, feedForToken, regenerateExportToken } from './export-feed.js';
import { FeedSyncs } from './feed-syncs.js';
import { checkFeedUrl, FeedError } from './fetch-feed.js';
import { runningSync } from './sync-lease.js';

export const IMPORT_JOB = 'calendriers-import';
export const FEED_NOT_FOUND = 'Calendrier importé introuvable.';
export const FEED_TAKEN = 'Ce calendrier est déjà importé pour cet appartement.';
const EXPORT_NOT_FOUND = 'Calendrier introuvable.';

interface Deps {
  db: AppDb;
  config: AppConfig;
  mail: MailService;
}

const isoDate = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;
const admin = { tags: ['Calendriers'], security: [{ bearer: [] }] };

const feedSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    appartementId: { type: 'integer' },
    libelle: { type: 'string' },
    url: { type: 'string' },
    derniereSynchroLe: { type: ['string', 'null'] },
    derniereTentativeLe: { type: ['string', 'null'] },
    derniereErreur: { type: ['string', 'null'] },
    avertissement: { type: ['string', 'null'] },
    evenements: { type: 'integer' },
    synchro: {
      type: ['object', 'null'],
      properties: {
        etape: { type: 'string', enum: [...FEED_SYNC_STEPS] },
        depuis: { type: 'string' },
        fait: { type: ['integer', 'null'] },
        total: { type: ['integer', 'null'] },
      },
    },
  },
} as const;

type FeedRow = typeof fluxIcal.$inferSelect;

function toApiFeed(row: FeedRow): ImportedFeed {
  return {
    id: row.id,
    appartementId: row.appartementId,
    libelle: row.libelle,
    url: row.url,
    derniereSynchroLe: row.derniereSynchroLe?.toISOString() ?? null,
    derniereTentativeLe: row.derniereTentativeLe?.toISOString() ?? null,
    derniereErreur: row.derniereErreur,
    avertissement: row.avertissement,
    evenements: row.evenements,
    synchro: runningSync(row),
  };
}

function exportUrl(config: AppConfig, appartementId: number, token: string): string {
  return `${config.siteOrigin}/ical/${appartementId}/${token}.ics`;
}

/** GET /ical/<apartment>/<token>.ics — outside /api: channels fetch it without any session. */
export async function calendarExportRoutes(app: FastifyInstance, { db, config }: Pick<Deps, 'db' | 'config'>): Promise<void> {
  const host = new URL(config.siteOrigin).host;
  app.get<{ Params: { appartement: string; fichier: string } }>(
    '/ical/:appartement/:fichier',
    {
      // The token is the feed's only secret: this route's log lines show its URL without it (issue 26).
      logSerializers: { req: withoutExportToken(app) },
      schema: {
        tags: ['Calendriers'],
        security: [],
        summary: "Calendrier iCal privé d'un appartement (réservations et blocages, sans données personnelles)",
        params: {
          type: 'object',
          properties: { appartement: { type: 'string', pattern: '^[0-9]{1,9}$' }, fichier: { type: 'string', maxLength: 200 } },
          required: ['appartement', 'fichier'],
        },
        response: {
          200: { description: 'Le calendrier iCalendar (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } },
          304: { description: 'Calendrier inchangé (ETag)', type: 'null' },
          404: messageSchema,
        },
      },
    },
    async (request, reply: FastifyReply) => {
      const match = /^([A-Za-z0-9_-]{16,100})\.ics$/.exec(request.params.fichier);
      if (!match?.[1]) return reply.status(404).send({ message: EXPORT_NOT_FOUND });
      const id = Number(request.params.appartement);
      const [apartment] = await db.select({ titre: appartements.titre }).from(appartements).where(eq(appartements.id, id)).limit(1);
      const feed = apartment ? await feedForToken(db, id, match[1], host, `${config.siteName} – ${apartment.titre}`) : null;
      if (!feed) return reply.status(404).send({ message: EXPORT_NOT_FOUND });
      reply.headers({
        etag: feed.etag,
        'last-modified': feed.lastModified.toUTCString(),
        'cache-control': 'private, no-cache',
        'x-robots-tag': 'noindex',
      });
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      const notModified = ifNoneMatch
        ? ifNoneMatch.split(',').some((t) => t.trim() === feed.etag || t.trim() === `W/${feed.etag}`)
        : ifModifiedSince !== undefined &&
          !Number.isNaN(Date.parse(ifModifiedSince)) &&
          feed.lastModified.getTime() <= Date.parse(ifModifiedSince);
      if (notModified) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
}

const EXPORT_PATH = /(\/ical\/[^/?#]*\/)[^/?#]+/g;

/**
 * The app's own request serializer, given the request with the export token masked in its URL
 * (any other field reads through): the general redaction of the logs stays the app's.
 */
function withoutExportToken(app: FastifyInstance): (req: object) => unknown {
  const appSerializer = (app.log as unknown as Record<symbol, Record<string, ((value: unknown) => unknown) | undefined> | undefined>)[
    pino.symbols.serializersSym
  ]?.req;
  const mask = (value: unknown) => (typeof value === 'string' ? value.replace(EXPORT_PATH, '$1[masqué].ics') : value);
  return (req) => {
    const masked = new Proxy(req, { get: (target, property) => mask(Reflect.get(target, property, target)) });
    return appSerializer
      ? appSerializer(masked)
      : { method: (req as { method?: string }).method, url: mask((req as { url?: string }).url) };
  };
}

export async function calendarAdminRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config, mail } = deps;
  const syncs = new FeedSyncs({
    db,
    mail,
    settings: config.icalImport,
    stayLimits: config.stayLimits,
    log: (err, message) => app.log.error({ err }, message),
  });
  // A sync started by a click finishes (its timeouts bound it) before the database closes.
  app.addHook('onClose', async () => syncs.idle());

  app.jobs.every({
    name: IMPORT_JOB,
    intervalMs: config.icalImport.intervalMs,
    run: async () => {
      const feeds = await db.select({ id: fluxIcal.id }).from(fluxIcal).orderBy(asc(fluxIcal.id));
      for (const feed of feeds) await syncs.runNow(feed.id);
    },
  });

  app.addHook('preHandler', requireAdmin);

  async function apartmentOr404(id: number): Promise<void> {
    const [row] = await db.select({ id: appartements.id }).from(appartements).where(eq(appartements.id, id)).limit(1);
    if (!row) throw notFound(APARTMENT_NOT_FOUND);
  }

  async function feedOr404(id: number): Promise<FeedRow> {
    const [row] = await db.select().from(fluxIcal).where(eq(fluxIcal.id, id)).limit(1);
    if (!row) throw notFound(FEED_NOT_FOUND);
    return row;
  }

  app.get<{ Querystring: { du: string; au: string; ville?: string } }>(
    '/admin/calendrier',
    {
      schema: {
        ...admin,
        summary:
          'Calendrier de tous les appartements, ou de ceux d’une ville (« ville » : slug ou nom, 400 pour une ville sans appartement) : réservations, jours bloqués (manuels ou importés), conflits, et la liste des villes',
        querystring: {
          type: 'object',
          properties: { du: isoDate, au: isoDate, ville: { type: 'string', maxLength: 100 } },
          required: ['du', 'au'],
        },
        response: {
          200: { description: 'Appartements, réservations, jours bloqués et conflits de la période', ...OPEN_OBJECT },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      checkPeriod(request.query.du, request.query.au, CALENDAR_MAX_DAYS);
      reply.header('cache-control', 'no-store');
      return calendarOf(db, request.query.du, request.query.au, request.query.ville);
    },
  );

  app.get(
    '/admin/calendrier/conflits',
    {
      schema: {
        ...admin,
        summary: 'Conflits de calendrier en cours',
        response: { 200: { type: 'array', items: OPEN_OBJECT }, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return activeConflicts(db);
    },
  );

  const periodBody = {
    type: 'object',
    additionalProperties: false,
    properties: { du: isoDate, au: isoDate, note: { type: 'string', maxLength: 500 } },
    required: ['du', 'au'],
  } as const;

  app.post<{ Params: { id: string }; Body: { du: string; au: string; note?: string } }>(
    '/admin/appartements/:id/blocages',
    {
      schema: {
        ...admin,
        summary: 'Bloquer des jours (du … au …, inclus), avec une note',
        params: idParams,
        body: periodBody,
        response: { 200: { type: 'object', properties: { jours: { type: 'integer' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      const note = request.body.note?.trim() || null;
      return { jours: await blockDays(db, id, request.body.du, request.body.au, note) };
    },
  );

  app.post<{ Params: { id: string }; Body: { du: string; au: string } }>(
    '/admin/appartements/:id/deblocages',
    {
      schema: {
        ...admin,
        summary: 'Débloquer les jours bloqués à la main (du … au …, inclus)',
        params: idParams,
        body: periodBody,
        response: { 200: { type: 'object', properties: { jours: { type: 'integer' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      return { jours: await unblockDays(db, id, request.body.du, request.body.au) };
    },
  );

  const calendarsSchema = {
    type: 'object',
    properties: { exportUrl: { type: 'string' }, flux: { type: 'array', items: feedSchema } },
  } as const;

  app.get<{ Params: { id: string } }>(
    '/admin/appartements/:id/calendriers',
    {
      schema: {
        ...admin,
        summary: "Adresse d'export iCal et calendriers importés d'un appartement",
        params: idParams,
        response: { 200: calendarsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      const feeds = await db.select().from(fluxIcal).where(eq(fluxIcal.appartementId, id)).orderBy(asc(fluxIcal.id));
      reply.header('cache-control', 'no-store');
      return { exportUrl: exportUrl(config, id, await exportTokenFor(db, id)), flux: feeds.map(toApiFeed) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/appartements/:id/calendriers/regenerer',
    {
      schema: {
        ...admin,
        summary: "Nouvelle adresse d'export (l'ancienne ne répond plus)",
        params: idParams,
        response: { 200: { type: 'object', properties: { exportUrl: { type: 'string' } } }, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      return { exportUrl: exportUrl(config, id, await regenerateExportToken(db, id)) };
    },
  );

  app.post<{ Params: { id: string }; Body: { libelle: (typeof FLUX_LIBELLES)[number]; url: string } }>(
    '/admin/appartements/:id/flux',
    {
      schema: {
        ...admin,
        summary: 'Importer le calendrier iCal d’un autre canal (synchronisé aussitôt en arrière-plan, puis périodiquement)',
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { libelle: { type: 'string', enum: [...FLUX_LIBELLES] }, url: { type: 'string', minLength: 1, maxLength: 2000 } },
          required: ['libelle', 'url'],
        },
        response: { 201: feedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = Number(request.params.id);
      await apartmentOr404(id);
      const url = request.body.url.trim();
      try {
        checkFeedUrl(url, config.icalImport);
      } catch (error) {
        if (error instanceof FeedError) throw badRequest(error.message);
        throw error;
      }
      let row: FeedRow | undefined;
      try {
        [row] = await db.insert(fluxIcal).values({ appartementId: id, libelle: request.body.libelle, url }).returning();
      } catch (error) {
        if (sqlState(error) === '23505') throw conflict(FEED_TAKEN);
        throw error;
      }
      if (!row) throw new Error('insert returned no row');
      await syncs.start(row.id);
      return reply.status(201).send(toApiFeed(await feedOr404(row.id)));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/admin/flux/:id',
    {
      schema: {
        ...admin,
        summary: 'Retirer un calendrier importé (ses jours bloqués sont libérés)',
        params: idParams,
        response: { 204: { type: 'null' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const feed = await feedOr404(Number(request.params.id));
      await db.delete(fluxIcal).where(eq(fluxIcal.id, feed.id));
      return reply.status(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/admin/flux/:id',
    {
      schema: {
        ...admin,
        summary: 'Un calendrier importé : dernière synchronisation et synchronisation en cours',
        params: idParams,
        response: { 200: feedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toApiFeed(await feedOr404(Number(request.params.id)));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/flux/:id/synchroniser',
    {
      schema: {
        ...admin,
        summary: 'Synchroniser maintenant un calendrier importé : répond aussitôt (202), la progression se lit dans « synchro »',
        params: idParams,
        response: { 202: feedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const feed = await feedOr404(Number(request.params.id));
      // Already running (here, in another process, or the periodic job): the same answer, that sync's progress.
      await syncs.start(feed.id);
      return reply.status(202).send(toApiFeed(await feedOr404(feed.id)));
    },
  );
}
