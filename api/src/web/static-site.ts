/**
 * Serves the front end from the same process: the shell for every page route, each remote's
 * build under /mfe/<name>/, the demo images under /media/demo/, and /runtime-config.json.
 * Entry files (index.html, remoteEntry.js, mf-manifest.json) are `no-cache`; hashed chunks are immutable.
 * Files are sent as the build compressed them (`.br`, `.gz` beside each) when the browser accepts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { APPARTEMENTS_PATH, appartementPath, appartementReviewsPath, galleryMainPhotoSizes, isPageRoute, LISTING_CARD_IMAGE_SIZES, publicPageFor, type Appartement } from 'shared-kernel/domain';
import { asc, eq } from 'drizzle-orm';
import { type AppConfig, REMOTE_NAMES, type RemoteName, remoteDistDir, remotesMap, repoRoot } from '../config.js';
import type { AppDb } from '../db/client.js';
import { appartements } from '../db/schema.js';
import { SESSION_COOKIE } from '../auth/guard.js';
import type { ListCache } from '../modules/appartements/list-cache.js';
import { findAppartementBySlug, listAppartements, reviewsOf } from '../modules/appartements/service.js';
import { sendPrecompressed } from '../cache/precompressed.js';
import { injectHints, readShellInitialAssets, remotePageFiles, type RemotePageFiles } from './page-hints.js';
import { PageCache } from './page-cache.js';
import { PageRenderer } from './ssr/page-renderer.js';
import { HttpRemoteManifest, trustedForServerCode } from './ssr/remote-over-http.js';
import { apartmentMeta, homeMeta, injectMeta, reviewsMeta, robotsTxt, sitemapXml, type PageMeta } from './seo.js';

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Written next to each built file by the build (tooling/webpack.cjs), sent instead of compressing. */
const PRECOMPRESSED = /\.(br|gz)$/;

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const served = path.basename(filePath).replace(PRECOMPRESSED, '');
  reply.header('Cache-Control', HASHED.test(served) ? IMMUTABLE : NO_CACHE);
}

export const demoImagesDir = path.join(repoRoot, 'api', 'assets', 'demo');

const APARTMENT_PAGE = /^\/appartement\/([^/]+)(\/avis)?\/?$/;

interface PageFacts {
  /** `undefined` keeps the shell's metadata. */
  meta?: PageMeta;
  /** The public API answers the page's first render asks for, by API path. */
  data?: Record<string, unknown>;
  mainImage?: { src: string; sizes: string } | null;
}

/**
 * What the server knows of a page from the database: its metadata, its data and its main photo;
 * `null` means no such apartment. The home list comes from the same cache as GET /api/appartements.
 */
async function factsFor(pathname: string, config: AppConfig, db: AppDb, listCache: ListCache): Promise<PageFacts | null> {
  if (pathname === '/') {
    const list = JSON.parse((await listCache.get(() => listAppartements(db))).raw.toString('utf8')) as Appartement[];
    const first = list[0]?.images[0];
    return { meta: homeMeta(config, list), data: { [APPARTEMENTS_PATH]: list }, mainImage: first ? { src: first, sizes: LISTING_CARD_IMAGE_SIZES } : null };
  }
  const match = APARTMENT_PAGE.exec(pathname);
  if (!match?.[1]) return {};
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  const apartment = await findAppartementBySlug(db, slug);
  if (!apartment) return null;
  // Its reviews too: both pages show them (the apartment page its latest), rendered here rather than
  // fetched by the browser after hydration.
  const data = { [appartementPath(slug)]: apartment, [appartementReviewsPath(apartment.id)]: await reviewsOf(db, apartment.id) };
  if (match[2]) return { meta: reviewsMeta(config, apartment), data };
  const first = apartment.images[0];
  return {
    meta: apartmentMeta(config, apartment),
    data,
    mainImage: first ? { src: first, sizes: galleryMainPhotoSizes(apartment.images.length) } : null,
  };
}

/** A same-origin path or an https URL: anything else is not announced. */
const announceable = (image: { src: string; sizes: string } | null | undefined) => (image && (/^\/[^/]/.test(image.src) || /^https:\/\//.test(image.src)) ? image : null);

/** An absolute http(s) URL, or null (a path on this site, or nothing). */
function absoluteUrl(value: string | undefined): URL | null {
  try {
    const url = value ? new URL(value) : null;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
}

export async function staticSite(app: FastifyInstance, { config, db, listCache }: { config: AppConfig; db: AppDb; listCache: ListCache }): Promise<void> {
  const shellDir = path.join(config.staticRoot, 'shell', 'dist');
  const indexFile = path.join(shellDir, 'index.html');
  const shellHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const shellScripts = readShellInitialAssets(shellDir);

  const runtimeConfig = () => ({ siteName: config.siteName, apiBaseUrl: '/api', googleClientId: config.googleClientId, remotes: remotesMap(config), bookingWidget: config.bookingWidget, stayLimits: config.stayLimits });

  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return runtimeConfig();
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
    await app.register(fastifyStatic, { root: dir, prefix: `/mfe/${name}/`, decorateReply: false, cacheControl: false, preCompressed: true, setHeaders: cacheHeaders });
  }

  if (shellHtml !== null) {
    // Shell assets at the root; `wildcard: false` registers one route per file, so every other
    // path falls through to the page handler below.
    await app.register(fastifyStatic, { root: shellDir, prefix: '/', decorateReply: false, wildcard: false, index: false, cacheControl: false, preCompressed: true, setHeaders: cacheHeaders });
  }

  const pages = new PageCache(listCache);
  // Server rendering (issue 17): of the remotes served by this process, from their dist folder; of a
  // remote on another origin, from its URL (remote-over-http.ts), if code may be fetched from there.
  const served = (name: RemoteName) => remotesMap(config)[name] === `/mfe/${name}/mf-manifest.json`;
  const localRemotes = Object.fromEntries(REMOTE_NAMES.filter(served).map((name) => [name, remoteDistDir(config, name)]));
  const elsewhere = REMOTE_NAMES.flatMap((name) => {
    const url = absoluteUrl(config.remoteUrls[name]);
    return url && !served(name) ? [[name, url] as const] : [];
  });
  const remoteManifests = new Map(elsewhere.map(([name, url]) => [name, new HttpRemoteManifest(url, config.remoteCheckMs, (error) => app.log.warn({ err: error }, `Manifeste du module distant « ${name} » illisible.`))]));
  const trusted = elsewhere.filter(([name, url]) => {
    if (trustedForServerCode(url)) return true;
    if (config.serverRendering) app.log.warn(`Module distant « ${name} » rendu dans le navigateur seulement : son build serveur n'est chargé qu'en https ou depuis cette machine.`);
    return false;
  });
  const renderer =
    shellHtml !== null && config.serverRendering
      ? await PageRenderer.create({
          shellDir,
          remoteDirs: localRemotes,
          remoteUrls: Object.fromEntries(trusted),
          remoteCheckMs: config.remoteCheckMs,
          warn: (message, error) => app.log.warn({ err: error }, message),
          runtimeConfig,
        })
      : null;

  /** The files announced for a page of a remote: read from its dist folder, or over HTTP from its own origin. */
  async function pageFilesOf(remote: RemoteName, expose: string): Promise<RemotePageFiles | null> {
    if (served(remote)) return remotePageFiles(remote, remoteDistDir(config, remote), expose);
    const manifest = remoteManifests.get(remote);
    const styles = manifest ? await manifest.styles(expose) : null;
    return manifest && styles ? { manifest: manifest.manifestUrl.href, styles } : null;
  }
  const kernel = renderer ? await import('shared-kernel') : null;

  /**
   * A page's HTML: the shell with its metadata, hints and, for a visitor without a session, its data
   * and (`render`: the page's remote) the server's rendering of it.
   */
  async function buildPage(pathname: string, anonymous: boolean, remoteFiles: RemotePageFiles | null, render: string | null): Promise<{ status: number; html: string }> {
    const facts = isPageRoute(pathname) ? await factsFor(pathname, config, db, listCache) : {};
    const found = isPageRoute(pathname) && facts !== null;
    const html = facts?.meta ? injectMeta(shellHtml!, facts.meta, config.siteName) : shellHtml!;
    const data = anonymous ? (facts?.data ?? null) : null;
    const rendered = found && render && renderer && kernel ? await renderer.render(pathname, render, data ?? {}) : null;
    return {
      status: found ? 200 : 404,
      html: injectHints(html, {
        shellScripts,
        remote: found ? remoteFiles : null,
        mainImage: announceable(facts?.mainImage),
        runtimeConfig: runtimeConfig(),
        data,
        rendered: rendered ? { ...rendered, designTokens: kernel!.designTokensStylesheet() } : null,
      }),
    };
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|mfe|media|socket\.io)(\/|$)/.test(pathname);
    if (!wantsPage) return reply.status(404).send({ message: 'Ressource introuvable.' });
    if (shellHtml === null) {
      return reply.status(503).type('text/plain; charset=utf-8').send("Le site n'est pas encore construit : lancez « npm run build ».");
    }
    const route = isPageRoute(pathname);
    const page = route ? publicPageFor(pathname) : undefined;
    const [remote, expose] = page ? (page.module.split('/') as [RemoteName, string]) : [];
    // Read on every request (a stat, or at the check interval of a remote elsewhere), so a redeployed remote counts at once.
    const remoteFiles = remote && expose ? await pageFilesOf(remote, expose) : null;
    // The data is the anonymous visitor's view: a signed-in admin also sees drafts, so fetches as before.
    const anonymous = !request.cookies[SESSION_COOKIE];
    // Server rendered: a visitor without a session, on a public page whose remote has a server build
    // (checked on every request, so a redeployed build is used at once: its version is in the key).
    const builds = anonymous && remoteFiles && renderer && remote ? await renderer.versions(remote) : null;
    // Every page that is only the shell shares one entry; a public page has its own, per kind of visitor.
    const key = !route ? 'coquille 404' : !page ? 'coquille 200' : `${anonymous ? 'visiteur' : 'session'} ${remoteFiles ? `manifeste ${remoteFiles.styles.join(',')}` : 'sans'} ${builds ?? 'client'} ${pathname}`;
    const built = await pages.get(key, () => buildPage(pathname, anonymous, remoteFiles, builds ? remote! : null));
    reply.status(built.status).header('Cache-Control', NO_CACHE);
    return sendPrecompressed(request, reply, built.body, 'text/html; charset=utf-8');
  });
}
