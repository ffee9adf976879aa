/**
 * Responsive variants of the demo photos (issue 17): the API encodes
 * `/media/variantes/demo/<base>-<width>.<format>` on demand from `/media/demo/<base>.<ext>`, and
 * the front end lists them in `srcset`. Both sides read the widths, formats and URL shape from here,
 * so a width the markup asks for is always one the server knows.
 */

/** Phone card, desktop card or phone at 2x, large photo or phone at 3x. */
export const IMAGE_VARIANT_WIDTHS = [480, 800, 1600] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** In order of preference: the browser takes the first `<source>` whose type it decodes. */
export const IMAGE_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export const DEMO_IMAGE_PREFIX = '/media/demo/';
export const IMAGE_VARIANT_PREFIX = '/media/variantes/demo/';

/** Every demo photo is 1200 × 800: the `<img>` gets these as width/height so the browser knows the 3:2 ratio before any byte. */
export const DEMO_IMAGE_SIZE = { width: 1200, height: 800 } as const;

/** Lower-case words joined by single hyphens: no dot, slash, backslash or percent can reach a file name. */
const BASE = '[a-z0-9]+(?:-[a-z0-9]+)*';
const MAX_BASE_LENGTH = 120;
/** Source kinds the server decodes (sharp reads more, SVG and TIFF included; those are refused). */
export const DEMO_SOURCE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

const DEMO_URL = new RegExp(`^${DEMO_IMAGE_PREFIX}(${BASE})\\.(?:${DEMO_SOURCE_EXTENSIONS.join('|')})$`);
const VARIANT_NAME = new RegExp(`^(${BASE})-([1-9][0-9]{0,4})\\.(${IMAGE_VARIANT_FORMATS.join('|')})$`);

export interface ImageVariantKey {
  base: string;
  width: ImageVariantWidth;
  format: ImageVariantFormat;
}

/** 'balcon-1' for '/media/demo/balcon-1.jpg'; null for any other URL (external, avatar, query string…). */
export function demoImageBase(url: string): string | null {
  const base = DEMO_URL.exec(url)?.[1];
  return base && base.length <= MAX_BASE_LENGTH ? base : null;
}

export function imageVariantUrl({ base, width, format }: ImageVariantKey): string {
  return `${IMAGE_VARIANT_PREFIX}${base}-${width}.${format}`;
}

/** The variant a file name under IMAGE_VARIANT_PREFIX names, or null: unknown width or format, or a name that is not a plain base. */
export function parseImageVariantName(name: string): ImageVariantKey | null {
  const match = VARIANT_NAME.exec(name);
  if (!match?.[1] || !match[2] || !match[3] || match[1].length > MAX_BASE_LENGTH) return null;
  const width = Number(match[2]);
  if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { base: match[1], width: width as ImageVariantWidth, format: match[3] as ImageVariantFormat };
}

/**
 * Photos an admin uploads (issue 30): the API stores `/media/photos/<id>.jpg` (the `<img>` src,
 * for browsers without AVIF or WebP) and every variant `/media/photos/<id>-<width>.<format>` at
 * upload time, in the object store; the id is a server-generated UUID followed, since issue 28, by
 * the stored JPEG's size (`<uuid>-<width>x<height>`), so that every page gives the `<img>` its real
 * ratio before any byte arrives. A photo uploaded before has no size in its id (and none is guessed).
 */
export const UPLOADED_PHOTO_PREFIX = '/media/photos/';
const UPLOADED_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-[1-9][0-9]{0,4}x[1-9][0-9]{0,4})?';
const UPLOADED_URL = new RegExp(`^${UPLOADED_PHOTO_PREFIX}(${UPLOADED_ID})\\.jpg$`);

/** The id of an uploaded photo's URL, or null for any other URL. */
export function uploadedPhotoId(url: string): string | null {
  return UPLOADED_URL.exec(url)?.[1] ?? null;
}

export function uploadedPhotoVariantUrl(id: string, width: ImageVariantWidth, format: ImageVariantFormat): string {
  return `${UPLOADED_PHOTO_PREFIX}${id}-${width}.${format}`;
}

export type ResponsiveSources = Record<ImageVariantFormat, string>;

/**
 * The `srcset` of each format for a local demo photo or an uploaded photo; null for any other URL, which keeps a plain
 * `<img>`. The 1600w candidate of a 1200 px photo comes back 1200 px wide (the server never
 * upscales): the browser only uses the descriptor to choose, the CSS sets the displayed size.
 */
export function responsiveSources(url: string | null | undefined): ResponsiveSources | null {
  const base = url ? demoImageBase(url) : null;
  const uploaded = url && !base ? uploadedPhotoId(url) : null;
  if (!base && !uploaded) return null;
  const variant = (width: ImageVariantWidth, format: ImageVariantFormat) =>
    base ? imageVariantUrl({ base, width, format }) : uploadedPhotoVariantUrl(uploaded!, width, format);
  const srcset = (format: ImageVariantFormat) => IMAGE_VARIANT_WIDTHS.map((width) => `${variant(width, format)} ${width}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}

/**
 * The `sizes` of the photos a page shows first, here rather than in the catalogue because the
 * server preloads the same candidate the `<img>` will pick (the same `imagesrcset` and
 * `imagesizes`, or the browser fetches twice).
 *
 * A listing card's photo (home.css): the page is at most 1200 px with 16 px padding; one column
 * under 640 px, two under 1024 px (24 px gap), then three, at most 373 px each.
 */
export const LISTING_CARD_IMAGE_SIZES = '(max-width: 639px) calc(100vw - 32px), (max-width: 1023px) calc(50vw - 28px), 380px';

/** The gallery shows the first photo and at most this many thumbnails. */
export const GALLERY_MAX_THUMBNAILS = 4;

/**
 * The gallery's main photo (apartment.css), in a page of at most 1200 px with 16 px padding: one
 * column under 768 px; then 2/3 of the row beside one column of thumbnails, half of it beside four
 * in two columns, all of it without thumbnails.
 */
export function galleryMainPhotoSizes(photoCount: number): string {
  const thumbnails = Math.max(0, Math.min(photoCount - 1, GALLERY_MAX_THUMBNAILS));
  if (thumbnails === 0) return '(max-width: 1200px) calc(100vw - 32px), 1168px';
  if (thumbnails >= GALLERY_MAX_THUMBNAILS) return '(max-width: 767px) calc(100vw - 32px), (max-width: 1200px) calc(50vw - 20px), 580px';
  return '(max-width: 767px) calc(100vw - 32px), (max-width: 1200px) calc(67vw - 27px), 775px';
}
