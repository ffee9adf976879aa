/**
 * An apartment's photo list (issue 30 item 4): uploaded photos appended with their alternative
 * text, the order changed, a photo removed. Each change reads and writes the row in one transaction
 * (`for update`), so two admins editing at once never lose each other's photos.
 */
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { appartements } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { decodeImages } from 'shared-kernel/domain';
import { imageAlts } from './alt-texts.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';

/** The API's limit on an apartment's images (the apartment form's too). */
export const MAX_IMAGES = 30;
export const TOO_MANY_PHOTOS = `Trente images au plus : retirez-en avant d’en ajouter.`;
export const ORDER_MISMATCH = 'Le nouvel ordre doit reprendre exactement les photos de l’appartement, chacune une fois.';
export const PHOTO_NOT_LISTED = 'Cette photo ne fait pas partie de l’appartement.';

export interface PhotoList {
  images: string[];
  imagesAlt: Record<string, string>;
}

type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];

async function locked(tx: Tx, id: number): Promise<PhotoList> {
  const [row] = await tx
    .select({ images: appartements.images, imagesAlt: appartements.imagesAlt })
    .from(appartements)
    .where(eq(appartements.id, id))
    .for('update');
  if (!row) throw notFound(APARTMENT_NOT_FOUND);
  const images = decodeImages(row.images);
  return { images, imagesAlt: imageAlts(row.imagesAlt, images) };
}

async function write(tx: Tx, id: number, list: PhotoList): Promise<PhotoList> {
  await tx
    .update(appartements)
    .set({ images: list.images, imagesAlt: list.imagesAlt, updatedAt: new Date() })
    .where(eq(appartements.id, id));
  return list;
}

/** The current list; 404 for an unknown apartment. */
export async function photoList(db: AppDb, id: number): Promise<PhotoList> {
  return db.transaction((tx) => locked(tx, id));
}

/** Checked before encoding anything: the list has room for `count` more. */
export async function assertRoomFor(db: AppDb, id: number, count: number): Promise<void> {
  const { images } = await photoList(db, id);
  if (images.length + count > MAX_IMAGES) throw badRequest(TOO_MANY_PHOTOS);
}

export async function appendPhotos(db: AppDb, id: number, added: ReadonlyArray<{ url: string; alt: string }>): Promise<PhotoList> {
  return db.transaction(async (tx) => {
    const list = await locked(tx, id);
    if (list.images.length + added.length > MAX_IMAGES) throw badRequest(TOO_MANY_PHOTOS);
    return write(tx, id, {
      images: [...list.images, ...added.map((p) => p.url)],
      imagesAlt: { ...list.imagesAlt, ...Object.fromEntries(added.map((p) => [p.url, p.alt])) },
    });
  });
}

export async function reorderPhotos(db: AppDb, id: number, order: readonly string[]): Promise<PhotoList> {
  return db.transaction(async (tx) => {
    const list = await locked(tx, id);
    const same =
      order.length === list.images.length && new Set(order).size === order.length && order.every((url) => list.images.includes(url));
    if (!same) throw badRequest(ORDER_MISMATCH);
    return write(tx, id, { images: [...order], imagesAlt: list.imagesAlt });
  });
}

/** Removes one image from the list (its files are the caller's business, once this is committed). */
export async function removeFromList(db: AppDb, id: number, url: string): Promise<PhotoList> {
  return db.transaction(async (tx) => {
    const list = await locked(tx, id);
    if (!list.images.includes(url)) throw notFound(PHOTO_NOT_LISTED);
    const imagesAlt = { ...list.imagesAlt };
    delete imagesAlt[url];
    return write(tx, id, { images: list.images.filter((image) => image !== url), imagesAlt });
  });
}
