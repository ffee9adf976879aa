/**
 * The administration's queries and writes (issue 33 item 2): apartments added and edited, every
 * reservation, a reservation deleted, a client's profile. The routes validate and call these.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { decodeImages, type Reservation } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { constraintName, sqlState } from '../../db/client.js';
import { appartements, reservations, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { ListCache } from '../appartements/list-cache.js';
import { APARTMENT_NOT_FOUND, findAppartementBySlug, WITH_DRAFTS } from '../appartements/service.js';
import { ledgerSummary, ledgerTotalsOf } from '../ledger/ledger.js';
import { removePhotoFiles } from '../photos/photo-files.js';
import { apartmentColumns, deletable, KEEP_IN_BOOKS, RESERVATION_NOT_FOUND, withJoinedLedgers } from '../reservations/service.js';
import { toProfile } from '../users/profile.js';
import { altsAfterEdit, editedApartmentValues, newApartmentValues } from './apartment-input.js';
import type { EditedApartment, NewApartment } from './schemas.js';
import { userSummaryColumns } from '../users/service.js';

export const SLUG_TAKEN = 'Ce slug est déjà utilisé par un autre appartement : modifiez le titre.';
export const SMOOBU_TAKEN = 'Cet identifiant Smoobu est déjà utilisé par un autre appartement.';
export const USER_NOT_FOUND = 'Utilisateur introuvable.';
export const USER_ERASED = 'Ce client a supprimé son compte : ses données personnelles ont été effacées.';

type Apartment = Awaited<ReturnType<typeof findAppartementBySlug>>;

function uniqueViolation(error: unknown): never {
  if (sqlState(error) === '23505') {
    const name = constraintName(error) ?? '';
    if (name.includes('smoobu')) throw conflict(SMOOBU_TAKEN, 'SMOOBU_ID_TAKEN');
    if (name.includes('slug')) throw conflict(SLUG_TAKEN, 'SLUG_TAKEN');
  }
  throw error;
}

/** Adds an apartment from the admin form's checked body (French 400s from its rules, 409 on a taken slug or Smoobu id). */
export async function createApartment(
  db: AppDb,
  listCache: ListCache,
  body: NewApartment,
): Promise<{ id: number; appartement: Apartment }> {
  const values = newApartmentValues(body);
  let row: { id: number; slug: string } | undefined;
  try {
    [row] = await db.insert(appartements).values(values).returning({ id: appartements.id, slug: appartements.slug });
  } catch (error) {
    uniqueViolation(error);
  }
  if (!row) throw new Error('insert returned no row');
  await listCache.invalidate();
  return { id: row.id, appartement: await findAppartementBySlug(db, row.slug, WITH_DRAFTS) };
}

/**
 * Edits an apartment: the current row is read and rewritten in one transaction (locked), so two
 * editors do not each keep the other's photos or publication state from a stale read.
 */
export async function updateApartment(
  db: AppDb,
  { listCache, store }: { listCache: ListCache; store: ObjectStore },
  id: number,
  body: EditedApartment,
): Promise<Apartment> {
  let edit: { slug: string; dropped: string[] };
  try {
    edit = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          numero: appartements.numeroEnregistrement,
          publie: appartements.publie,
          images: appartements.images,
          imagesAlt: appartements.imagesAlt,
        })
        .from(appartements)
        .where(eq(appartements.id, id))
        .for('update')
        .limit(1);
      if (!current) throw notFound(APARTMENT_NOT_FOUND);
      const values = editedApartmentValues(body, current);
      const imagesAlt = altsAfterEdit(values.images, values.imagesAlt, current.imagesAlt);
      const [row] = await tx
        .update(appartements)
        .set({ ...values, imagesAlt, updatedAt: new Date() })
        .where(eq(appartements.id, id))
        .returning({ slug: appartements.slug });
      if (!row) throw notFound(APARTMENT_NOT_FOUND);
      return { slug: row.slug, dropped: decodeImages(current.images).filter((url) => !values.images.includes(url)) };
    });
  } catch (error) {
    uniqueViolation(error);
  }
  await listCache.invalidate();
  // Uploaded photos the editor dropped from the list: their files go too, once the row no longer names them.
  for (const url of edit.dropped) await removePhotoFiles(store, url);
  return findAppartementBySlug(db, edit.slug, WITH_DRAFTS);
}

/** Every reservation with its client, apartment and books (summed in the same statement), the newest first (optionally one client's). */
export async function allReservations(db: AppDb, userId?: number): Promise<Reservation[]> {
  const livre = ledgerTotalsOf(db, reservations.id);
  const query = db
    .select({
      reservation: reservations,
      apartment: apartmentColumns,
      user: userSummaryColumns,
      ledger: livre.columns,
    })
    .from(reservations)
    .leftJoin(appartements, eq(appartements.id, reservations.appartementId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .leftJoinLateral(livre.subquery, sql`true`);
  const rows = await (userId !== undefined ? query.where(eq(reservations.userId, userId)) : query).orderBy(
    desc(reservations.createdAt),
    desc(reservations.id),
  );
  return withJoinedLedgers(rows);
}

/** Deletes a reservation no money moved on and whose stay has not begun; 409 otherwise (DECISIONS 32). */
export async function deleteReservation(db: AppDb, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
      if (!row) throw notFound(RESERVATION_NOT_FOUND);
      // DECISIONS 32: the books are never deleted; a stay with money or that began is cancelled instead.
      if (!deletable(row, await ledgerSummary(tx, id))) throw conflict(KEEP_IN_BOOKS);
      await tx.delete(reservations).where(eq(reservations.id, id));
    });
  } catch (error) {
    // A payment row or a movement written meanwhile: the database refuses too.
    if (sqlState(error) === '23503') throw conflict(KEEP_IN_BOOKS);
    throw error;
  }
}

/** A client's profile for the admin; 404 for no such user or an erased account. */
export async function clientProfile(db: AppDb, id: number): Promise<ReturnType<typeof toProfile>> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(USER_NOT_FOUND);
  // GDPR erasure: what is left of the row is not the person's data any more.
  if (row.supprimeLe) throw notFound(USER_ERASED);
  return toProfile(row);
}
