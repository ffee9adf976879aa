/**
 * Serves the front end from the same process: the shell for every page route, each remote's
 * build under /mfe/<name>/, the demo images under /media/demo/, and /runtime-config.json.
 * Entry files (index.html, remoteEntry.js, mf-manifest.json) are `no-cache`; hashed chunks are immutable.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPageRoute } from 'shared-kernel/domain';
import { asc, eq } from 'drizzle-orm';
import { type AppConfig, REMOTE_NAMES, remoteDistDir, remotesMap, repoRoot } from '../config.js';
import type { AppDb } from '../db/client.js';
import { appartements } from '../db/schema.js';
import { findAppartementBySlug, listAppartements } from '../modules/appartements/service.js';
import { apartmentMeta, homeMeta, injectMeta, reviewsMeta, robotsTxt, sitemapXml, type PageMeta } from './seo.js';

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  reply.header('Cache-Control', HASHED.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE);
}

export const demoImagesDir = path.join(repoRoot, 'api', 'assets', 'demo');

const APARTMENT_PAGE = /^\/appartement\/([^/]+)(\/avis)?\/?$/;

/** The page's own metadata, from the database; `undefined` keeps the shell's, `null` means no such apartment. */
async function metaFor(pathname: string, config: AppConfig, db: AppDb): Promise<PageMeta | null | undefined> {
  if (pathname === '/') return homeMeta(config, await listAppartements(db));
  const match = APARTMENT_PAGE.exec(pathname);
  if (!match?.[1]) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const apartment = await findAppartementBySlug(db, slug);
  if (!apartment) return null;
  return match[2] ? reviewsMeta(config, apartment) : apartmentMeta(config, apartment);
}

export async function staticSite(app: FastifyInstance, { config, db }: { config: AppConfig; db: AppDb }): Promise<void> {
  const shellDir = path.join(config.staticRoot, 'shell', 'dist');
  const indexFile = path.join(shellDir, 'index.html');
  const shellHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return { siteName: config.siteName, apiBaseUrl: '/api', googleClientId: config.googleClientId, remotes: remotesMap(config), bookingWidget: config.bookingWidget };
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(robotsTxt(config)));

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    // Drafts are never listed (DECISIONS 24).
    const rows = await db.select({ slug: appartements.slug, updatedAt: appartements.updatedAt }).from(appartements).where(eq(appartements.publie, true)).orderBy(asc(appartements.id));
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(config, rows));
  });

  if (existsSync(demoImagesDir)) {
    await app.register(fastifyStatic, { root: demoImagesDir, prefix: '/media/demo/', decorateReply: false, maxAge: '7d' });
  }

  for (const name of REMOTE_NAMES) {
    const dir = remoteDistDir(config, name);
    if (!existsSync(dir)) continue;
    await app.register(fastifyStatic, { root: dir, prefix: `/mfe/${name}/`, decorateReply: false, cacheControl: false, setHeaders: cacheHeaders });
  }

  if (shellHtml !== null) {
    // Shell assets at the root; `wildcard: false` registers one route per file, so every other
    // path falls through to the page handler below.
    await app.register(fastifyStatic, { root: shellDir, prefix: '/', decorateReply: false, wildcard: false, index: false, cacheControl: false, setHeaders: cacheHeaders });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|mfe|media|socket\.io)(\/|$)/.test(pathname);
    if (!wantsPage) return reply.status(404).send({ message: 'Ressource introuvable.' });
    if (shellHtml === null) {
      return reply.status(503).type('text/plain; charset=utf-8').send("Le site n'est pas encore construit : lancez « npm run build ».");
    }
    reply.header('Cache-Control', NO_CACHE);
    const meta = isPageRoute(pathname) ? await metaFor(pathname, config, db) : undefined;
    const found = isPageRoute(pathname) && meta !== null;
    const html = meta ? injectMeta(shellHtml, meta, config.siteName) : shellHtml;
    return reply.status(found ? 200 : 404).type('text/html; charset=utf-8').send(html);
  });
}
