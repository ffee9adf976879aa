/**
 * Apartment photos an admin uploads (issue 30 item 4). Accepted by their content (JPEG, PNG or WebP
 * magic bytes), never by their name or declared type; decoded once by sharp and re-encoded, never
 * stored as sent: a JPEG fallback of at most 1600 px and the AVIF and WebP variants the kernel's
 * `responsiveSources` lists, all upright, sRGB and without metadata (sharp writes none unless asked,
 * so EXIF and GPS are gone). Stored in the object store (disk or S3) under a server-made UUID
 * followed by the JPEG's size (`<uuid>-<width>x<height>`, issue 28): pages give the `<img>` the
 * photo's real ratio from its URL, with no layout shift when it arrives.
 */
import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import {
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  UPLOADED_PHOTO_PREFIX,
  uploadedPhotoId,
  uploadedPhotoVariantUrl,
} from 'shared-kernel/domain';
import { ApiError, badRequest } from '../../http/errors.js';
import { ENCODERS } from '../../media/encode-variant.js';
import { contentTypeFor } from '../../storage/content-type.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { sniffImage } from '../users/avatar.js';

/** Refused before decoding: a few kilobytes of PNG can claim gigabytes of pixels. */
export const PHOTO_MAX_PIXELS = 40_000_000;
const LARGEST = Math.max(...IMAGE_VARIANT_WIDTHS);

export const PHOTO_NOT_AN_IMAGE = "Ce fichier n'est pas une photo JPEG, PNG ou WebP.";
/**
 * The prebuilt libvips that sharp ships decodes AVIF but not HEVC (HEIC): its HEIF loader lists only
 * `.avif` (sharp.format.heif.input.fileSuffix), for patent reasons. Said plainly rather than "not an image".
 */
export const HEIC_UNSUPPORTED =
  'Les photos HEIC (iPhone) ne sont pas lues par ce serveur : exportez-la en JPEG, ou choisissez « Le plus compatible » dans les réglages Appareil photo > Formats.';
export const PHOTO_UNREADABLE = 'Cette photo est illisible ou endommagée.';
export const PHOTO_TOO_MANY_PIXELS = 'Cette photo est trop grande : 40 millions de pixels au plus.';
export const photoTooHeavy = (maxBytes: number) => `Une photo ne doit pas dépasser ${Math.round(maxBytes / (1024 * 1024))} Mo.`;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** An ISO-BMFF file ('ftyp' box) of an HEIC brand: what an iPhone sends. */
export function isHeic(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp' && HEIF_BRANDS.has(bytes.toString('ascii', 8, 12));
}

export interface EncodedPhoto {
  id: string;
  /** Key in the object store → bytes. */
  files: Map<string, Buffer>;
}

const keyOf = (url: string) => url.slice('/media/'.length);

/** Every stored file of a photo: the fallback JPEG and each variant. */
export function photoUrls(id: string): string[] {
  return [
    `${UPLOADED_PHOTO_PREFIX}${id}.jpg`,
    ...IMAGE_VARIANT_FORMATS.flatMap((format) => IMAGE_VARIANT_WIDTHS.map((width) => uploadedPhotoVariantUrl(id, width, format))),
  ];
}

/** Checks and encodes a file; bad input is a French 4xx and nothing is stored. */
export async function encodePhoto(bytes: Buffer): Promise<EncodedPhoto> {
  if (isHeic(bytes)) throw new ApiError(415, HEIC_UNSUPPORTED);
  if (!sniffImage(bytes)) throw new ApiError(415, PHOTO_NOT_AN_IMAGE);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once (upright, at most the largest variant, sRGB); every output starts from these pixels.
    decoded = await sharp(bytes, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(LARGEST, LARGEST, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw new ApiError(413, PHOTO_TOO_MANY_PIXELS);
    throw badRequest(PHOTO_UNREADABLE);
  }
  const { width, height, channels } = decoded.info;
  const pixels = () => sharp(decoded.data, { raw: { width, height, channels } });
  // The kernel's uploadedPhotoId reads this shape back (image-variants.ts); the variants keep the ratio.
  const id = `${randomUUID()}-${width}x${height}`;
  const files = new Map<string, Buffer>();
  files.set(
    keyOf(`${UPLOADED_PHOTO_PREFIX}${id}.jpg`),
    await pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
  );
  for (const format of IMAGE_VARIANT_FORMATS) {
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const variant = ENCODERS[format](pixels().resize({ width: w, withoutEnlargement: true }));
      files.set(keyOf(uploadedPhotoVariantUrl(id, w, format)), await variant.toBuffer());
    }
  }
  return { id, files };
}

export async function storePhoto(store: ObjectStore, photo: EncodedPhoto): Promise<string> {
  for (const [key, bytes] of photo.files) await store.put(key, bytes, contentTypeFor(key));
  return `${UPLOADED_PHOTO_PREFIX}${photo.id}.jpg`;
}

/** Removes the files of an uploaded photo; any other URL (a link, a demo photo) is left alone. */
export async function removePhotoFiles(store: ObjectStore, url: string): Promise<void> {
  const id = uploadedPhotoId(url);
  if (!id) return;
  for (const file of photoUrls(id)) await store.delete(keyOf(file));
}
