/**
 * Avatar files: accepted by their content (JPEG, PNG or WebP magic bytes), never by their name or
 * declared type, then decoded and re-encoded by sharp — never stored byte for byte: the stored file
 * is a fresh WebP of at most 512 px, turned upright, with no metadata (EXIF and GPS included).
 * An animated image keeps its first frame only. Stored in the object store (DATA_DIR/uploads/avatars
 * or S3) with a server-generated name.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ObjectStore } from '../../storage/object-store.js';
import { contentTypeFor } from '../../storage/content-type.js';
import sharp from 'sharp';
import { badRequest } from '../../http/errors.js';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/media/avatars/';
export const AVATAR_MAX_SIZE = 512;
/** Larger images are refused before decoding: a few kilobytes of PNG can claim gigabytes of pixels. */
export const AVATAR_MAX_PIXELS = 25_000_000;

export const NOT_AN_IMAGE = "Ce fichier n'est pas une image JPEG, PNG ou WebP.";
export const UNREADABLE_IMAGE = 'Cette image est illisible ou endommagée.';
export const IMAGE_TOO_LARGE = 'Cette image est trop grande : 25 millions de pixels au plus.';

export function avatarDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'avatars');
}

/** The image kind from the first bytes, or null when it is none of the accepted ones. */
export function sniffImage(bytes: Buffer): 'jpg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Decodes and re-encodes: upright, at most 512 px, sRGB, WebP, no metadata. Bad input is a French 400. */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  if (!sniffImage(bytes)) throw badRequest(NOT_AN_IMAGE);
  try {
    // failOn 'error': a truncated or corrupt file is refused instead of half-decoded.
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(AVATAR_MAX_SIZE, AVATAR_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: 82 })
      .toBuffer();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw badRequest(IMAGE_TOO_LARGE);
    throw badRequest(UNREADABLE_IMAGE);
  }
}

/** Bytes in, public URL out. */
export async function storeAvatar(store: ObjectStore, bytes: Buffer): Promise<string> {
  const webp = await reencodeAvatar(bytes);
  const name = `${randomUUID()}.webp`;
  await store.put(`avatars/${name}`, webp, contentTypeFor(name));
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a previous avatar of ours; a photo elsewhere (Google) is left alone. */
export async function removeAvatar(store: ObjectStore, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = path.basename(url);
  if (!/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(name)) return;
  await store.delete(`avatars/${name}`);
}
