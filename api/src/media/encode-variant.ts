/**
 * One responsive variant of a photo, by sharp: turned upright, at most `width` px wide (never
 * enlarged), sRGB, without any metadata (sharp writes none unless asked: no EXIF, GPS or ICC).
 */
import sharp from 'sharp';
import type { ImageVariantFormat } from 'shared-kernel/domain';

type Sharp = ReturnType<typeof sharp>;

/** sharp also reads SVG, TIFF, GIF, HEIF…: a source is encoded only when its bytes are one of these. */
const SOURCE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);
/** Far above any photo we serve; refuses a file that claims gigapixels before decoding it. */
const MAX_SOURCE_PIXELS = 40_000_000;

// Photos: AVIF at quality 50 with 4:2:0 chroma (sharp's default is 4:4:4, for line art). Measured
// on the demo photos at 800 px: effort 3 encodes in about 0.37 s and weighs the same as sharp's
// default effort 4 in 4:4:4 (10.4 KB), which took 1.2 s. WebP, the fallback for browsers without
// AVIF, at 75 (about 13 KB, 0.05 s).
export const ENCODERS: Record<ImageVariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }),
  webp: (image) => image.webp({ quality: 75, effort: 4 }),
};

/** The encoded bytes, or null when the source is not a JPEG, PNG or WebP (whatever its name says); throws when it is a damaged one. */
export async function encodeVariant(sourcePath: string, width: number, format: ImageVariantFormat): Promise<Buffer | null> {
  const image = sharp(sourcePath, { failOn: 'error', limitInputPixels: MAX_SOURCE_PIXELS, pages: 1 });
  // Unreadable header (not an image at all): refused like any other kind. A damaged JPEG whose
  // header reads fine fails below, loudly: that is a broken demo photo, not a visitor's mistake.
  const kind = await image.metadata().then(
    (meta) => meta.format,
    () => null,
  );
  if (!kind || !SOURCE_FORMATS.has(kind)) return null;
  return ENCODERS[format](image.rotate().resize({ width, withoutEnlargement: true }).toColourspace('srgb')).toBuffer();
}
