/**
 * The calendar module's queries (issue 33 item 2): the routes call these and never touch the
 * database. The heavier work lives beside them (admin-calendar, export-feed, import-feed).
 */
import { asc, eq } from 'drizzle-orm';
import type { ImportedFeed } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import { appartements, FLUX_LIBELLES, fluxIcal } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';
import { runningSync } from './sync-lease.js';

export const FEED_NOT_FOUND = 'Calendrier importé introuvable.';
export const FEED_TAKEN = 'Ce calendrier est déjà importé pour cet appartement.';

type FeedRow = typeof fluxIcal.$inferSelect;

export function toApiFeed(row: FeedRow): ImportedFeed {
  return {
    id: row.id,
    appartementId: row.appartementId,
    libelle: row.libelle,
    url: row.url,
    derniereSynchroLe: row.derniereSynchroLe?.toISOString() ?? null,
    derniereTentativeLe: row.derniereTentativeLe?.toISOString() ?? null,
    derniereErreur: row.derniereErreur,
    avertissement: row.avertissement,
    evenements: row.evenements,
    synchro: runningSync(row),
  };
}

/** The apartment's title (the export feed's calendar name); null when there is no such apartment. */
export async function apartmentTitle(db: AppDb, id: number): Promise<string | null> {
  const [row] = await db.select({ titre: appartements.titre }).from(appartements).where(eq(appartements.id, id)).limit(1);
  return row?.titre ?? null;
}

/** 404 unless the apartment exists. */
export async function assertApartment(db: AppDb, id: number): Promise<void> {
  const [row] = await db.select({ id: appartements.id }).from(appartements).where(eq(appartements.id, id)).limit(1);
  if (!row) throw notFound(APARTMENT_NOT_FOUND);
}

/** One imported feed as the API shows it; 404 when there is none. */
export async function findFeed(db: AppDb, id: number): Promise<ImportedFeed> {
  const [row] = await db.select().from(fluxIcal).where(eq(fluxIcal.id, id)).limit(1);
  if (!row) throw notFound(FEED_NOT_FOUND);
  return toApiFeed(row);
}

/** The feeds imported for one apartment, oldest first. */
export async function feedsOf(db: AppDb, appartementId: number): Promise<ImportedFeed[]> {
  const rows = await db.select().from(fluxIcal).where(eq(fluxIcal.appartementId, appartementId)).orderBy(asc(fluxIcal.id));
  return rows.map(toApiFeed);
}

/** Every feed's id, for the periodic import. */
export async function allFeedIds(db: AppDb): Promise<number[]> {
  return (await db.select({ id: fluxIcal.id }).from(fluxIcal).orderBy(asc(fluxIcal.id))).map((feed) => feed.id);
}

/** Adds a feed (its URL already checked); 409 when the apartment already imports it. Returns its id. */
export async function addFeed(
  db: AppDb,
  appartementId: number,
  feed: { libelle: (typeof FLUX_LIBELLES)[number]; url: string },
): Promise<number> {
  try {
    const [row] = await db.insert(fluxIcal).values({ appartementId, libelle: feed.libelle, url: feed.url }).returning({ id: fluxIcal.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(FEED_TAKEN);
    throw error;
  }
}

/** Removes a feed (its imported blocks go with it, by the foreign key); 404 when there is none. */
export async function removeFeed(db: AppDb, id: number): Promise<void> {
  const removed = await db.delete(fluxIcal).where(eq(fluxIcal.id, id)).returning({ id: fluxIcal.id });
  if (removed.length === 0) throw notFound(FEED_NOT_FOUND);
}
