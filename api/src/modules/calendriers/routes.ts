/**
 * Channel sync endpoints: the public (secret-token) iCal export, and the admin calendar, manual
 * blocks, import feeds and conflicts. The periodic import is declared here on `app.jobs`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { requireAdmin } from '../../auth/guard.js';
import { badRequest } from '../../http/errors.js';
import { errorResponses, idParams, messageSchema, OPEN_OBJECT } from '../../http/schemas.js';
import {
  activeConflicts,
  blockDays,
  calendarOf,
  calendarOfApartment,
  CALENDAR_MAX_DAYS,
  checkPeriod,
  parseCalendarApartment,
  parseCalendarPaging,
  unblockDays,
} from './admin-calendar.js';
import { exportTokenFor, feedForToken, regenerateExportToken } from './export-feed.js';
import { FeedSyncs } from './feed-syncs.js';
import { checkFeedUrl, FeedError } from './fetch-feed.js';
import { CalendarQuery, calendarsSchema, daysSchema, ExportParams, FeedBody, feedSchema, PeriodBody } from './schemas.js';
import { addFeed, allFeedIds, apartmentTitle, assertApartment, feedsOf, findFeed, removeFeed } from './service.js';

export { FEED_NOT_FOUND, FEED_TAKEN } from './service.js';
export const IMPORT_JOB = 'calendriers-import';
const EXPORT_NOT_FOUND = 'Calendrier introuvable.';

interface Deps {
  db: AppDb;
  config: AppConfig;
}

const admin = { tags: ['Calendriers'], security: [{ bearer: [] }] };

/** The schema of an admin route about one apartment or feed, named by `:id` in its path. */
function onId<T extends object>(summary: string, rest: T) {
  return { schema: { ...admin, summary, params: idParams, ...rest } };
}

function exportUrl(config: AppConfig, appartementId: number, token: string): string {
  return `${config.siteOrigin}/ical/${appartementId}/${token}.ics`;
}

/** GET /ical/<apartment>/<token>.ics — outside /api: channels fetch it without any session. */
export async function calendarExportRoutes(server: FastifyInstance, { db, config }: Pick<Deps, 'db' | 'config'>): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const host = new URL(config.siteOrigin).host;
  app.get(
    '/ical/:appartement/:fichier',
    {
      // The token is the feed's only secret: this route's log lines show its URL without it (issue 26).
      logSerializers: { req: withoutExportToken(app) },
      schema: {
        tags: ['Calendriers'],
        security: [],
        summary: "Calendrier iCal privé d'un appartement (réservations et blocages, sans données personnelles)",
        params: ExportParams,
        response: {
          200: { description: 'Le calendrier iCalendar (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } },
          304: { description: 'Calendrier inchangé (ETag)', type: 'null' },
          404: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const match = /^([A-Za-z0-9_-]{16,100})\.ics$/.exec(request.params.fichier);
      if (!match?.[1]) return reply.status(404).send({ message: EXPORT_NOT_FOUND });
      const id = Number(request.params.appartement);
      const titre = await apartmentTitle(db, id);
      const feed = titre === null ? null : await feedForToken(db, id, match[1], host, `${config.siteName} – ${titre}`);
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

export async function calendarAdminRoutes(server: FastifyInstance, deps: Deps): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = deps;
  const syncs = new FeedSyncs({
    db,
    mail: app.mail,
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
      for (const id of await allFeedIds(db)) await syncs.runNow(id);
    },
  });

  app.addHook('preHandler', requireAdmin);

  /** The apartment named by a route's `:id`, or the French 404. */
  async function apartmentId(params: { id: string }): Promise<number> {
    const id = Number(params.id);
    await assertApartment(db, id);
    return id;
  }

  app.get(
    '/admin/calendrier',
    {
      schema: {
        ...admin,
        summary:
          'Calendrier de tous les appartements, ou de ceux d’une ville (« ville » : slug ou nom, 400 pour une ville sans appartement) : réservations, jours bloqués (manuels ou importés), conflits, et la liste des villes ; avec « parPage » (1 à 100) et « page », les appartements d’une page seulement et leur nombre (« total ») ; avec « appartement » (sans page, « ville » ignorée), cet appartement seul (404 s’il n’existe pas)',
        querystring: CalendarQuery,
        response: {
          200: { description: 'Appartements, réservations, jours bloqués et conflits de la période', ...OPEN_OBJECT },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { du, au } = request.query;
      checkPeriod(du, au, CALENDAR_MAX_DAYS);
      const apartment = parseCalendarApartment(request.query);
      const paging = parseCalendarPaging(request.query);
      reply.header('cache-control', 'no-store');
      if (apartment !== null) return calendarOfApartment(db, du, au, apartment);
      return calendarOf(db, du, au, request.query.ville, paging);
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

  app.post(
    '/admin/appartements/:id/blocages',
    onId('Bloquer des jours (du … au …, inclus), avec une note', { body: PeriodBody, response: { 200: daysSchema, ...errorResponses } }),
    async (request) => {
      const id = await apartmentId(request.params);
      const note = request.body.note?.trim() || null;
      return { jours: await blockDays(db, id, request.body.du, request.body.au, note) };
    },
  );

  app.post(
    '/admin/appartements/:id/deblocages',
    onId('Débloquer les jours bloqués à la main (du … au …, inclus)', {
      body: PeriodBody,
      response: { 200: daysSchema, ...errorResponses },
    }),
    async (request) => {
      const id = await apartmentId(request.params);
      return { jours: await unblockDays(db, id, request.body.du, request.body.au) };
    },
  );

  app.get(
    '/admin/appartements/:id/calendriers',
    onId("Adresse d'export iCal et calendriers importés d'un appartement", { response: { 200: calendarsSchema, ...errorResponses } }),
    async (request, reply) => {
      const id = await apartmentId(request.params);
      const flux = await feedsOf(db, id);
      reply.header('cache-control', 'no-store');
      return { exportUrl: exportUrl(config, id, await exportTokenFor(db, id)), flux };
    },
  );

  app.post(
    '/admin/appartements/:id/calendriers/regenerer',
    onId("Nouvelle adresse d'export (l'ancienne ne répond plus)", {
      response: { 200: { type: 'object', properties: { exportUrl: { type: 'string' } } }, ...errorResponses },
    }),
    async (request) => {
      const id = await apartmentId(request.params);
      return { exportUrl: exportUrl(config, id, await regenerateExportToken(db, id)) };
    },
  );

  app.post(
    '/admin/appartements/:id/flux',
    onId('Importer le calendrier iCal d’un autre canal (synchronisé aussitôt en arrière-plan, puis périodiquement)', {
      body: FeedBody,
      response: { 201: feedSchema, ...errorResponses },
    }),
    async (request, reply) => {
      const id = await apartmentId(request.params);
      const url = request.body.url.trim();
      try {
        checkFeedUrl(url, config.icalImport);
      } catch (error) {
        if (error instanceof FeedError) throw badRequest(error.message);
        throw error;
      }
      const feedId = await addFeed(db, id, { libelle: request.body.libelle, url });
      await syncs.start(feedId);
      return reply.status(201).send(await findFeed(db, feedId));
    },
  );

  app.delete(
    '/admin/flux/:id',
    onId('Retirer un calendrier importé (ses jours bloqués sont libérés)', { response: { 204: { type: 'null' }, ...errorResponses } }),
    async (request, reply) => {
      await removeFeed(db, Number(request.params.id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/flux/:id',
    onId('Un calendrier importé : dernière synchronisation et synchronisation en cours', {
      response: { 200: feedSchema, ...errorResponses },
    }),
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return findFeed(db, Number(request.params.id));
    },
  );

  app.post(
    '/admin/flux/:id/synchroniser',
    onId('Synchroniser maintenant un calendrier importé : répond aussitôt (202), la progression se lit dans « synchro »', {
      response: { 202: feedSchema, ...errorResponses },
    }),
    async (request, reply) => {
      const feed = await findFeed(db, Number(request.params.id));
      // Already running (here, in another process, or the periodic job): the same answer, that sync's progress.
      await syncs.start(feed.id);
      return reply.status(202).send(await findFeed(db, feed.id));
    },
  );
}
