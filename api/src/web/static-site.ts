/**
 * Serves the front end from the same process: the shell for every page route, each remote's
 * build under /mfe/<name>/ (its release pointer and its releases), the demo images under
 * /media/demo/, and /runtime-config.json.
 * The shell's entry files and a remote's `current.json` are `no-cache`; hashed chunks and every file
 * of a remote's release (its folder is named after its content) are immutable.
 * Files are sent as the build compressed them (`.br`, `.gz` beside each) when the browser accepts it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  appartementPath,
  appartementReviewsPath,
  galleryMainPhotoSizes,
  isPageRoute,
  LISTING_CARD_IMAGE_SIZES,
  publicPageFor,
  type PageAppartements,
  type PaymentOptions,
} from 'shared-kernel/domain';
import { readStaySearch, searchApiQuery, searchDataKey, staySearchQuery, type StaySearch } from 'shared-kernel/rules';
import { asc, eq } from 'drizzle-orm';
import { type AppConfig, REMOTE_NAMES, type RemoteName, repoRoot } from '../config.js';
import type { AppDb } from '../db/client.js';
import { appartements } from '../db/schema.js';
import { requireAdmin, SESSION_COOKIE } from '../auth/guard.js';
import { ApiError, notFound } from '../http/errors.js';
import { errorResponses } from '../http/schemas.js';
import type { ListCache } from '../modules/appartements/list-cache.js';
import { findAppartementBySlug, PUBLIC_ONLY, reviewsOf } from '../modules/appartements/service.js';
import { parseSearch, searchAppartements, searchQueryOf } from '../modules/appartements/search.js';
import { townsOf } from '../modules/appartements/towns.js';
import { SITE_FIGURES_PATH, siteFigures } from '../modules/site/figures.js';
import { PAYMENT_OPTIONS_PATH } from '../modules/payments/routes.js';
import { sendPrecompressed } from '../cache/precompressed.js';
import { injectHints, readShellInitialAssets, type RemotePageFiles } from './page-hints.js';
import { PageCache } from './page-cache.js';
import { apiKernelCheck } from './remotes/kernel-check.js';
import { remoteDistDir, SiteRemotes, type RemotesSnapshot } from './remotes/site-remotes.js';
import { PageRenderer } from './ssr/page-renderer.js';
import type { ServerBuild } from './ssr/server-build.js';
import { sharedModules } from './ssr/shared-modules.js';
import { parseSigningKeys } from './ssr/signature.js';
import { LEGAL_PATH, legalAnswer } from '../modules/legal/answer.js';
import {
  apartmentMeta,
  homeMeta,
  injectMeta,
  injectNoindex,
  publicPageMeta,
  reviewsMeta,
  robotsTxt,
  shellDescription,
  sitemapXml,
  townMeta,
  type PageMeta,
} from './seo.js';

/** Brotli's quality for a page with a search in its address: a third of quality 9's time, a body a few % larger. */
const SEARCH_PAGE_BROTLI_QUALITY = 5;

const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Written next to each built file by the build (tooling/webpack.cjs), sent instead of compressing. */
const PRECOMPRESSED = /\.(br|gz)$/;

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const served = path.basename(filePath).replace(PRECOMPRESSED, '');
  reply.header('Cache-Control', HASHED.test(served) ? IMMUTABLE : NO_CACHE);
}

/** A remote's release never changes once published (its folder is named after its content): all of it is immutable. */
function remoteCacheHeaders(reply: FastifyReply, filePath: string): void {
  if (/[\\/]releases[\\/][0-9a-f]{12}[\\/]/.test(filePath)) reply.header('Cache-Control', IMMUTABLE);
  else cacheHeaders(reply, filePath);
}

export const ADMIN_REMOTE_UNAVAILABLE = "Le module d'administration n'est pas disponible.";

export const demoImagesDir = path.join(repoRoot, 'api', 'assets', 'demo');

const LEGAL_PAGES = new Set(['/mentions-legales', '/cgv', '/confidentialite']);

const APARTMENT_PAGE = /^\/appartement\/([^/]+)(\/avis)?\/?$/;
const TOWN_PAGE = /^\/location\/([^/]+)\/?$/;

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

interface PageFacts {
  /** `undefined` keeps the shell's metadata. */
  meta?: PageMeta;
  /** The public API answers the page's first render asks for, by API path. */
  data?: Record<string, unknown>;
  mainImage?: { src: string; sizes: string } | null;
}

/**
 * What the server knows of a page from the database: its metadata, its data and its main photo;
 * `null` means no such apartment. The home page's results come from the search service of GET /api/appartements.
 */
export async function factsFor(
  pathname: string,
  config: AppConfig,
  db: AppDb,
  paymentOptions?: () => PaymentOptions,
  query = '',
): Promise<PageFacts | null> {
  // The FAQ and About state the rules and figures the server holds (issue 27): rendered with them.
  if (pathname === '/faq') return paymentOptions ? { data: { [PAYMENT_OPTIONS_PATH]: paymentOptions() } } : {};
  if (pathname === '/about') return { data: { [SITE_FIGURES_PATH]: await siteFigures(db) } };
  // The legal pages name the operator from the settings: in the HTML, not after a request (issue 27).
  if (LEGAL_PAGES.has(pathname.replace(/\/+$/, ''))) return { data: { [LEGAL_PATH]: legalAnswer(config) } };
  if (pathname === '/') {
    return searchFacts(config, db, readStaySearch(new URLSearchParams(query)), (total, image) => homeMeta(config, total, image));
  }
  const town = TOWN_PAGE.exec(pathname);
  if (town?.[1]) return townFacts(config, db, decoded(town[1]), query);
  const match = APARTMENT_PAGE.exec(pathname);
  if (!match?.[1]) return {};
  const slug = decoded(match[1]);
  if (slug === null) return null;
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

/**
 * A town's page (`/location/:slug`): the first page of that town's apartments for the stay in its
 * address; `null` (404) for a slug no published apartment's town has.
 */
async function townFacts(config: AppConfig, db: AppDb, slug: string | null, query: string): Promise<PageFacts | null> {
  const town = slug === null ? undefined : (await townsOf(db, PUBLIC_ONLY)).find((t) => t.slug === slug);
  if (!town) return null;
  const search = { ...readStaySearch(new URLSearchParams(query)), ville: town.slug };
  return searchFacts(config, db, search, (_total, image) => townMeta(config, town, image));
}

/**
 * The first page of results of a search page (the home page, a town's page) for the search in its
 * address (issue 32): the question the browser would ask GET /api/appartements, answered by the
 * same service, under the key the page reads it back with; a refused stay is written as its French reason.
 */
async function searchFacts(
  config: AppConfig,
  db: AppDb,
  search: StaySearch,
  meta: (total: number | null, image: string | null) => PageMeta,
): Promise<PageFacts> {
  const key = searchDataKey(search);
  let page: PageAppartements;
  try {
    const criteria = parseSearch(searchQueryOf(new URLSearchParams(searchApiQuery(search, 1))), config.stayLimits);
    page = await searchAppartements(db, criteria, PUBLIC_ONLY);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) return { meta: meta(null, null), data: { [key]: { refus: error.message } } };
    throw error;
  }
  const first = page.appartements[0]?.images[0];
  return {
    meta: meta(page.total, first ?? null),
    data: { [key]: page },
    mainImage: first ? { src: first, sizes: LISTING_CARD_IMAGE_SIZES } : null,
  };
}

/**
 * The search of a search page as its address says it, in its canonical form ('' for none, and for
 * any other page): part of the page's cache key and render URL. A town's page has its town in its path.
 */
export function pageSearchQuery(pathname: string, url: string): string {
  const town = TOWN_PAGE.test(pathname);
  if (pathname !== '/' && !town) return '';
  const at = url.indexOf('?');
  if (at < 0) return '';
  const search = readStaySearch(new URLSearchParams(url.slice(at + 1)));
  return staySearchQuery(town ? { ...search, ville: null } : search);
}

/** A same-origin path or an https URL: anything else is not announced. */
const announceable = (image: { src: string; sizes: string } | null | undefined) =>
  image && (/^\/[^/]/.test(image.src) || /^https:\/\//.test(image.src)) ? image : null;

export async function staticSite(
  app: FastifyInstance,
  { config, db, listCache }: { config: AppConfig; db: AppDb; listCache: ListCache },
): Promise<void> {
  const shellDir = path.join(config.staticRoot, 'shell', 'dist');
  const indexFile = path.join(shellDir, 'index.html');
  const shellHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const shellScripts = readShellInitialAssets(shellDir);
  const genericDescription = shellHtml === null ? '' : shellDescription(shellHtml);

  // Every remote and the release of each a page names (web/remotes/). The kernel the API shares with
  // server builds decides which releases it accepts (the kernel contract).
  const keys = parseSigningKeys(config.remoteSigningKeys.join(','));
  if (config.serverRendering && shellHtml !== null && keys.size === 0) {
    app.log.warn(
      "REMOTE_SIGNING_KEYS est vide : aucun build serveur de module distant n'est exécuté, leurs pages sont rendues dans le navigateur.",
    );
  }
  const remotes = SiteRemotes.create(config, {
    kernel: await apiKernelCheck(),
    keys,
    shared: shellHtml !== null && config.serverRendering ? sharedModules : null,
    warn: (message, error) => (error === undefined ? app.log.warn(message) : app.log.warn({ err: error }, message)),
  });

  /** The configuration a page starts with: the releases of this snapshot; the admin remote is never in it. */
  const runtimeConfig = (snapshot: RemotesSnapshot) => ({
    siteName: config.siteName,
    apiBaseUrl: '/api',
    googleClientId: config.googleClientId,
    remotes: snapshot.browser,
    bookingWidget: config.bookingWidget,
    stayLimits: config.stayLimits,
    mapStyleUrl: config.mapStyleUrl,
  });

  app.get('/runtime-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return runtimeConfig(remotes.snapshot());
  });

  // The admin remote's manifest, asked by the shell once the session says admin (issue 29).
  app.get(
    '/api/admin/module-distant',
    {
      preHandler: requireAdmin,
      schema: {
        tags: ['Administration'],
        security: [{ bearer: [] }],
        summary: "Adresse du manifeste du module d'administration (pour une session d'administrateur seulement)",
        response: { 200: { type: 'object', required: ['manifeste'], properties: { manifeste: { type: 'string' } } }, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const entry = remotes.snapshot().admin;
      if (!entry) throw notFound(ADMIN_REMOTE_UNAVAILABLE);
      reply.header('Cache-Control', 'no-store');
      return { manifeste: entry };
    },
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(robotsTxt(config)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    // Drafts are never listed (DECISIONS 24).
    const rows = await db
      .select({ slug: appartements.slug, updatedAt: appartements.updatedAt })
      .from(appartements)
      .where(eq(appartements.publie, true))
      .orderBy(asc(appartements.id));
    const towns = await townsOf(db, PUBLIC_ONLY);
    return reply.type('application/xml; charset=utf-8').send(sitemapXml(config, rows, towns));
  });

  if (existsSync(demoImagesDir)) {
    await app.register(fastifyStatic, { root: demoImagesDir, prefix: '/media/demo/', decorateReply: false, maxAge: '7d' });
  }

  for (const name of REMOTE_NAMES) {
    const dir = remoteDistDir(config, name);
    if (!remotes.isLocal(name) || !existsSync(dir)) continue;
    // Dot files (the build stamp, a build in progress in .staging/) are not served.
    await app.register(fastifyStatic, {
      root: dir,
      prefix: `/mfe/${name}/`,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders: remoteCacheHeaders,
    });
  }

  if (shellHtml !== null) {
    // Shell assets at the root; `wildcard: false` registers one route per file, so every other
    // path falls through to the page handler below.
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }

  const pages = new PageCache(listCache);
  const renderer =
    shellHtml !== null && config.serverRendering
      ? await PageRenderer.create({ shellDir, pool: config.ssrPool, warn: (message, error) => app.log.warn({ err: error }, message) })
      : null;
  if (renderer) app.addHook('onClose', () => renderer.close());
  const kernel = renderer ? await import('shared-kernel') : null;

  /**
   * A page's HTML: the shell with its metadata, hints and, for a visitor without a session, its data
   * and (`render`: the page's remote) the server's rendering of it.
   */
  async function buildPage(
    pathname: string,
    query: string,
    anonymous: boolean,
    snapshot: RemotesSnapshot,
    remoteFiles: RemotePageFiles | null,
    render: { remote: RemoteName; build: ServerBuild } | null,
  ): Promise<{ status: number; html: string }> {
    const facts = isPageRoute(pathname) ? await factsFor(pathname, config, db, () => app.payments.options(), query) : {};
    const found = isPageRoute(pathname) && facts !== null;
    const data = anonymous ? (facts?.data ?? null) : null;
    // Rendered and configured with the same releases: the HTML and the code the browser loads match.
    const pageConfig = runtimeConfig(snapshot);
    const rendered =
      found && render && renderer && kernel
        ? await renderer.render(`${pathname}${query}`, render.remote, render.build, data ?? {}, pageConfig)
        : null;
    // Every public page has its own head (the one its page declared when rendered here); any other
    // page is not to be indexed.
    const page = found ? publicPageFor(pathname) : undefined;
    const html = page
      ? injectMeta(
          shellHtml!,
          publicPageMeta(config, pathname, facts?.meta, rendered?.head ?? null, {
            routeTitle: page.title,
            description: genericDescription,
            ...('canonical' in page ? { canonicalPath: page.canonical } : {}),
          }),
          config.siteName,
        )
      : injectNoindex(shellHtml!);
    return {
      status: found ? 200 : 404,
      html: injectHints(html, {
        shellScripts,
        remote: found ? remoteFiles : null,
        mainImage: announceable(facts?.mainImage),
        runtimeConfig: pageConfig,
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
    // Only the search pages read their address's query (the search, issue 32), in its canonical form.
    const query = pageSearchQuery(pathname, request.url);
    const page = route ? publicPageFor(pathname) : undefined;
    const [remote, expose] = page ? (page.module.split('/') as [RemoteName, string]) : [];
    // The releases this page names, read on every request (a stat of each pointer; a remote elsewhere
    // answers from what it last read), so a redeploy counts at once, and never waits on another origin.
    const snapshot = remotes.snapshot();
    const release = remote ? snapshot.releases.get(remote) : undefined;
    const remoteFiles = release && expose ? release.pageFiles(expose) : null;
    // The data is the anonymous visitor's view: a signed-in admin also sees drafts, so fetches as before.
    const anonymous = !request.cookies[SESSION_COOKIE];
    // Server rendered: a visitor without a session, on a public page of a release with a server build
    // this process accepts (its own, and compatible with its kernel), rendered by the shell's.
    const pageBuild = anonymous && remoteFiles && renderer && release ? await release.serverBuild() : null;
    const shellBuild = pageBuild && renderer ? await renderer.shellBuild() : null;
    const render = pageBuild && shellBuild ? { remote: remote!, build: pageBuild } : null;
    // Every page that is only the shell shares one entry; a public page has its own, per kind of
    // visitor. The releases named (the runtime configuration) and the builds used are in the key.
    const builds = render ? `${shellBuild!.version}+${render.build.version}` : 'client';
    const key = !route
      ? `coquille 404 ${snapshot.signature}`
      : !page
        ? `coquille 200 ${snapshot.signature}`
        : `${anonymous ? 'visiteur' : 'session'} ${snapshot.signature} ${remoteFiles ? 'annoncé' : 'sans'} ${builds} ${pathname}`;
    // A search in the address makes a page few requests share (every stay is its own page): its
    // brotli is made at a cheaper quality, and only if a client asks for it (cache/precompressed.ts).
    const built = await pages.get(
      `${key}${query}`,
      () => buildPage(pathname, query, anonymous, snapshot, remoteFiles, render),
      query ? { brotliQuality: SEARCH_PAGE_BROTLI_QUALITY } : {},
    );
    reply.status(built.status).header('Cache-Control', NO_CACHE);
    return sendPrecompressed(request, reply, built.body, 'text/html; charset=utf-8');
  });
}
