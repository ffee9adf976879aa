/**
 * Avatar files: accepted by their content (JPEG, PNG or WebP magic bytes), never by their name or
 * declared type; stored in the object store (DATA_DIR/uploads/avatars or S3) with a server-generated name.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ObjectStore } from '../../storage/object-store.js';
import { contentTypeFor } from '../../storage/content-type.js';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_URL_PREFIX = '/media/avatars/';

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

export async function storeAvatar(store: ObjectStore, bytes: Buffer, kind: 'jpg' | 'png' | 'webp'): Promise<string> {
  const name = `${randomUUID()}.${kind}`;
  await store.put(`avatars/${name}`, bytes, contentTypeFor(name));
  return `${AVATAR_URL_PREFIX}${name}`;
}

/** Removes a previous avatar of ours; a photo elsewhere (Google) is left alone. */
export async function removeAvatar(store: ObjectStore, url: string | null): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = path.basename(url);
  if (!/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(name)) return;
  await store.delete(`avatars/${name}`);
}
