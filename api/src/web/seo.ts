/**
 * What search engines and link previews read before any script runs: the page's <title>, meta
 * description, canonical URL, Open Graph tags and JSON-LD, written into the shell's HTML from the
 * database for `/` and `/appartement/:slug`; plus /sitemap.xml and /robots.txt.
 * Every value is escaped: a title holding `</script>` or quotes cannot break the page.
 */
import type { Appartement } from 'shared-kernel/domain';
import type { AppConfig } from '../config.js';

export interface PageMeta {
  title: string;
  description: string;
  canonical: string;
  image: string | null;
  type: 'website' | 'product';
  jsonLd: Record<string, unknown> | null;
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

export function apartmentMeta(config: AppConfig, a: Appartement): PageMeta {
  const url = `${config.siteOrigin}/appartement/${encodeURIComponent(a.slug)}`;
  const images = a.images.map((i) => absolute(config, i));
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    name: a.titre,
    description: summary(a.description, 500),
    url,
    identifier: String(a.id),
    image: images,
    address: { '@type': 'PostalAddress', addressLocality: a.localisation, addressRegion: 'Moselle', addressCountry: 'FR' },
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      occupancy: { '@type': 'QuantitativeValue', maxValue: a.capacite.voyageurs },
      numberOfBedrooms: a.capacite.chambres,
      numberOfBathroomsTotal: a.capacite.sallesDeBain,
      ...(a.surface > 0 ? { floorSize: { '@type': 'QuantitativeValue', value: a.surface, unitCode: 'MTK' } } : {}),
      amenityFeature: a.inclus.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    },
    offers: { '@type': 'Offer', price: a.prixParNuit, priceCurrency: 'EUR', unitText: 'nuit', url },
  };
  // Only real reviews make an aggregate rating.
  if (a.nombreAvis > 0)
    jsonLd.aggregateRating = { '@type': 'AggregateRating', ratingValue: a.note, reviewCount: a.nombreAvis, bestRating: 5, worstRating: 1 };
  return {
    title: `${a.titre} – ${a.localisation} | ${config.siteName}`,
    description: summary(
      `${a.titre} à ${a.localisation}, ${a.prixParNuit} € par nuit, jusqu'à ${a.capacite.voyageurs} voyageurs. ${a.description}`,
    ),
    canonical: url,
    image: images[0] ?? null,
    type: 'product',
    jsonLd,
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

export const CONTENT_PAGES = ['/about', '/faq', '/loyer-garanti', '/proprietaires', '/mentions-legales', '/cgv', '/confidentialite'];

export function sitemapXml(config: AppConfig, apartments: ReadonlyArray<{ slug: string; updatedAt: Date }>): string {
  const url = (loc: string, lastmod?: Date) =>
    `<url><loc>${escapeHtml(`${config.siteOrigin}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/'),
    ...CONTENT_PAGES.map((p) => url(p)),
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
