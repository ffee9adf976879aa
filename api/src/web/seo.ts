/**
 * What search engines and link previews read before any script runs: the page's <title>, meta
 * description, canonical URL, Open Graph tags and JSON-LD, written into the shell's HTML; plus
 * /sitemap.xml and /robots.txt. Title, description and photo are the ones the page declares
 * (kernel `usePageMeta`, recorded while the server renders it); without a server render, the
 * database's for the home and apartment pages and the route table's title for the others. Pages
 * that are not public (account, admin, checkout, sign-in…) are `noindex`.
 * Every value is escaped: a title holding `</script>` or quotes cannot break the page.
 */
import type { PageHead } from 'shared-kernel';
import type { Appartement, VilleFacette } from 'shared-kernel/domain';
import { townPageDescription, townPagePath, townPageTitle } from 'shared-kernel/rules';
import type { AppConfig } from '../config.js';

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  type: 'website' | 'product';
  jsonLd: Record<string, unknown> | null;
  noindex?: boolean;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON inside <script>: `<`, `>` and `&` are written as \u escapes so no tag can close the script. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function absolute(config: AppConfig, url: string): string {
  return url.startsWith('/') ? `${config.siteOrigin}${url}` : url;
}

function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

export function homeMeta(config: AppConfig, count: number | null, image: string | null): PageMeta {
  return {
    title: `Locations meublées de courte durée à Metz | ${config.siteName}`,
    description: `${count === null ? 'Des' : count} appartements meublés à Metz et alentours, à réserver en ligne pour vos courts séjours : prix par nuit, photos et avis de voyageurs.`,
    canonical: `${config.siteOrigin}/`,
    image: image ? absolute(config, image) : null,
    type: 'website',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: config.siteName,
      url: `${config.siteOrigin}/`,
      inLanguage: 'fr-FR',
    },
  };
}

/** A town's page (`/location/:slug`): its own title and description, its address without the stay as canonical. */
export function townMeta(config: AppConfig, town: VilleFacette, image: string | null): PageMeta {
  return {
    title: `${townPageTitle(town.ville)} | ${config.siteName}`,
    description: townPageDescription(town.ville, town.nombre),
    canonical: `${config.siteOrigin}${townPagePath(town.slug)}`,
    image: image ? absolute(config, image) : null,
    type: 'website',
    jsonLd: null,
  };
}

/**
 * The apartment as schema.org reads it: a VacationRental (the listing, with its town and, when an
 * admin entered them, its coordinates) containing the Accommodation let (`occupancy.value`: how many
 * guests it takes). VacationRental has no `offers` property, and Google's vacation-rental data takes
 * prices from a feed, not the page, so no price is published here; the page shows it to people.
 */
export function apartmentJsonLd(config: AppConfig, a: Appartement): Record<string, unknown> {
  const url = `${config.siteOrigin}/appartement/${encodeURIComponent(a.slug)}`;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    name: a.titre,
    description: summary(a.description, 500),
    url,
    identifier: String(a.id),
    image: a.images.map((i) => absolute(config, i)),
    address: { '@type': 'PostalAddress', addressLocality: a.ville || a.localisation, addressRegion: 'Moselle', addressCountry: 'FR' },
    ...(typeof a.latitude === 'number' && typeof a.longitude === 'number'
      ? { geo: { '@type': 'GeoCoordinates', latitude: a.latitude, longitude: a.longitude } }
      : {}),
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      occupancy: { '@type': 'QuantitativeValue', value: a.capacite.voyageurs, unitCode: 'C62' },
      numberOfBedrooms: a.capacite.chambres,
      numberOfBathroomsTotal: a.capacite.sallesDeBain,
      ...(a.surface > 0 ? { floorSize: { '@type': 'QuantitativeValue', value: a.surface, unitCode: 'MTK' } } : {}),
      amenityFeature: a.inclus.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    },
  };
  // Only real reviews make an aggregate rating.
  if (a.nombreAvis > 0)
    jsonLd.aggregateRating = { '@type': 'AggregateRating', ratingValue: a.note, reviewCount: a.nombreAvis, bestRating: 5, worstRating: 1 };
  return jsonLd;
}

export function apartmentMeta(config: AppConfig, a: Appartement): PageMeta {
  const url = `${config.siteOrigin}/appartement/${encodeURIComponent(a.slug)}`;
  return {
    title: `${a.titre} – ${a.localisation} | ${config.siteName}`,
    description: summary(
      `${a.titre} à ${a.localisation}, ${a.prixParNuit} € par nuit, jusqu'à ${a.capacite.voyageurs} voyageurs. ${a.description}`,
    ),
    canonical: url,
    image: a.images[0] ? absolute(config, a.images[0]) : null,
    type: 'product',
    jsonLd: apartmentJsonLd(config, a),
  };
}

/** The reviews page of an apartment: its own title and canonical URL; the rating data stays on the apartment page. */
export function reviewsMeta(config: AppConfig, a: Appartement): PageMeta {
  const url = `${config.siteOrigin}/appartement/${encodeURIComponent(a.slug)}/avis`;
  const count =
    a.nombreAvis > 0 ? `${a.nombreAvis} avis, note moyenne ${String(a.note).replace('.', ',')} sur 5` : 'Aucun avis pour le moment';
  return {
    title: `Avis sur ${a.titre} | ${config.siteName}`,
    description: summary(`${count}. Les avis des voyageurs qui ont séjourné à ${a.titre}, ${a.localisation}.`),
    canonical: url,
    image: a.images[0] ? absolute(config, a.images[0]) : null,
    type: 'website',
    jsonLd: null,
  };
}

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[e]!);

/** The shell's generic description (index.html), for a page that declares none. */
export function shellDescription(html: string): string {
  const match = /<meta\s+name=("?)description\1\s+content=(?:"([^"]*)"|([^\s>]+))/i.exec(html);
  const text = match?.[2] ?? match?.[3];
  return text ? unescapeHtml(text) : '';
}

/**
 * A public page's metadata: the head its page declared while the server rendered it wins over what
 * the server knows of it (`known`, from the database), which wins over the route's name. The
 * canonical URL, the type and the JSON-LD are the server's.
 */
export function publicPageMeta(
  config: AppConfig,
  pathname: string,
  known: PageMeta | undefined,
  declared: PageHead | null,
  fallback: { routeTitle: string; description: string; canonicalPath?: string },
): PageMeta {
  const path = fallback.canonicalPath ?? (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
  const image = declared?.image ? absolute(config, declared.image) : null;
  return {
    title: declared?.title ?? known?.title ?? `${fallback.routeTitle} | ${config.siteName}`,
    description: declared?.description ?? known?.description ?? fallback.description,
    canonical: known?.canonical ?? `${config.siteOrigin}${path}`,
    image: image && /^https?:\/\//.test(image) ? image : (known?.image ?? null),
    type: known?.type ?? 'website',
    jsonLd: known?.jsonLd ?? null,
    noindex: declared?.noindex === true,
  };
}

/** A page that is not public (account, admin, checkout, sign-in, not found): never indexed. */
export function injectNoindex(html: string): string {
  return html.replace(/<\/head>/i, () => '<meta name="robots" content="noindex"></head>');
}

/** Replaces the shell's generic title and description with the page's, and adds the rest. */
export function injectMeta(html: string, meta: PageMeta, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:locale" content="fr_FR">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}">`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(meta.image
      ? [`<meta property="og:image" content="${escapeHtml(meta.image)}">`, `<meta name="twitter:card" content="summary_large_image">`]
      : []),
    ...(meta.jsonLd ? [`<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>`] : []),
  ].join('');
  // A replacer function, not a string: `$&`, `$'`... in a title must stay text, not replacement patterns.
  return html
    .replace(/<title>[^<]*<\/title>/i, () => '')
    .replace(/<meta\s+name=("|)description\1[^>]*>/i, () => '')
    .replace(/<\/head>/i, () => `${tags}</head>`);
}

/** The content pages the sitemap lists (/proprietaires is another address of /loyer-garanti: not listed). */
export const CONTENT_PAGES = ['/about', '/faq', '/loyer-garanti', '/mentions-legales', '/cgv', '/confidentialite'];

export function sitemapXml(
  config: AppConfig,
  apartments: ReadonlyArray<{ slug: string; updatedAt: Date }>,
  towns: ReadonlyArray<{ slug: string }> = [],
): string {
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(`${config.siteOrigin}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/'),
    ...CONTENT_PAGES.map((p) => url(p)),
    ...towns.map((t) => url(townPagePath(t.slug))),
    ...apartments.flatMap((a) => [
      url(`/appartement/${encodeURIComponent(a.slug)}`, a.updatedAt),
      url(`/appartement/${encodeURIComponent(a.slug)}/avis`, a.updatedAt),
    ]),
    '</urlset>',
  ].join('\n');
}

export function robotsTxt(config: AppConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /profile',
    'Disallow: /messagerie',
    'Disallow: /reservation/',
    'Disallow: /appartement/*/checkout',
    `Sitemap: ${config.siteOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}
