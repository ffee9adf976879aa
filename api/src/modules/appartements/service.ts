/** Apartments as the API sends them: jsonb fields decoded tolerantly with the spec's fallbacks. */
import { and, asc, eq, gte } from 'drizzle-orm';
import { decodeCapacite, decodeEquipements, decodeHote, decodeImages, decodeRegles, decodeStringList, DEFAULT_NOMBRE_AVIS, DEFAULT_NOTE, type Appartement } from 'shared-kernel/domain';
import { todayIn } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, disponibilites } from '../../db/schema.js';

export type AppartementRow = typeof appartements.$inferSelect;

export const APARTMENT_NOT_FOUND = 'Appartement introuvable.';
export const PARIS = 'Europe/Paris';

export function toApiAppartement(row: AppartementRow): Appartement {
  return {
    id: row.id,
    slug: row.slug,
    titre: row.titre,
    description: row.description,
    localisation: row.localisation,
    prixParNuit: Number(row.prixParNuit),
    surface: row.surface,
    // Reviews do not exist yet: the spec's defaults stand until they do.
    note: DEFAULT_NOTE,
    nombreAvis: DEFAULT_NOMBRE_AVIS,
    smoobuId: row.smoobuId,
    politiqueAnnulation: row.politiqueAnnulation,
    capacite: decodeCapacite(row.capacite),
    inclus: decodeStringList(row.inclus),
    nonInclus: decodeStringList(row.nonInclus),
    images: decodeImages(row.images),
    hote: decodeHote(row.hote),
    regles: decodeRegles(row.regles),
    equipements: decodeEquipements(row.equipements),
  };
}

export async function listAppartements(db: AppDb): Promise<Appartement[]> {
  const rows = await db.select().from(appartements).orderBy(asc(appartements.id));
  return rows.map(toApiAppartement);
}

export async function findAppartementBySlug(db: AppDb, slug: string): Promise<Appartement | null> {
  const rows = await db.select().from(appartements).where(eq(appartements.slug, slug)).limit(1);
  return rows[0] ? toApiAppartement(rows[0]) : null;
}

export async function appartementExists(db: AppDb, id: number): Promise<boolean> {
  const rows = await db.select({ id: appartements.id }).from(appartements).where(eq(appartements.id, id)).limit(1);
  return rows.length > 0;
}

/** Unavailable days from today (Paris) on: the blocked days. */
export async function unavailableDays(db: AppDb, id: number): Promise<string[]> {
  const rows = await db
    .select({ date: disponibilites.date })
    .from(disponibilites)
    .where(and(eq(disponibilites.appartementId, id), gte(disponibilites.date, todayIn(PARIS))))
    .orderBy(asc(disponibilites.date));
  return rows.map((r) => r.date);
}
