/** Apartments as the API sends them: jsonb fields decoded tolerantly with the spec's fallbacks. */
import { publicReviewColumns, toPublicAvis } from '../reviews/public-review.js';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  decodeCapacite,
  decodeEquipements,
  decodeHote,
  decodeImages,
  decodeImagesAlt,
  decodeRegles,
  decodeStringList,
  DEFAULT_NOMBRE_AVIS,
  DEFAULT_NOTE,
  type Appartement,
  type AppartementIndex,
  type AvisResume,
  type StarCount,
} from 'shared-kernel/domain';
import { decodeReglesTarifaires, prixApartirDe, villeDeLocalisation, type Classement } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, avis, users } from '../../db/schema.js';

export type AppartementRow = typeof appartements.$inferSelect;

export const APARTMENT_NOT_FOUND = 'Appartement introuvable.';
export const PARIS = 'Europe/Paris';

export interface ReviewStats {
  moyenne: number | null;
  total: number;
}

/**
 * The average of `total` marks summing to `somme`, rounded to one decimal half up: exactly what
 * PostgreSQL's round(avg(note), 1) gives, in integers (no float rounding at x.x5).
 */
export function averageOf(somme: number, total: number): number | null {
  return total > 0 ? Math.floor((20 * somme + total) / (2 * total)) / 10 : null;
}

/** An apartment's review figures, from the count and sum kept on its row (migration 0026). */
export const statsOf = (row: Pick<AppartementRow, 'avisNombre' | 'avisSomme'>): ReviewStats => ({
  moyenne: averageOf(row.avisSomme, row.avisNombre),
  total: row.avisNombre,
});

/** The apartment as the API sends it; note and nombreAvis come from its reviews (spec defaults without any). */
export function toApiAppartement(row: AppartementRow, stats: ReviewStats = statsOf(row)): Appartement {
  const tarifs = decodeReglesTarifaires(row.tarifs);
  const { prixMin, prixVarie } = prixApartirDe(Number(row.prixParNuit), tarifs);
  const images = decodeImages(row.images);
  const imagesAlt = decodeImagesAlt(row.imagesAlt, images);
  return {
    id: row.id,
    slug: row.slug,
    titre: row.titre,
    description: row.description,
    localisation: row.localisation,
    // Rows written without a town (before the field, or inserted by hand) still name one.
    ville: row.ville || villeDeLocalisation(row.localisation),
    latitude: row.latitude,
    longitude: row.longitude,
    prixParNuit: Number(row.prixParNuit),
    surface: row.surface,
    note: stats.total > 0 && stats.moyenne !== null ? stats.moyenne : DEFAULT_NOTE,
    nombreAvis: stats.total > 0 ? stats.total : DEFAULT_NOMBRE_AVIS,
    smoobuId: row.smoobuId,
    politiqueAnnulation: row.politiqueAnnulation,
    capacite: decodeCapacite(row.capacite),
    inclus: decodeStringList(row.inclus),
    nonInclus: decodeStringList(row.nonInclus),
    images,
    ...(imagesAlt ? { imagesAlt } : {}),
    hote: decodeHote(row.hote),
    regles: decodeRegles(row.regles),
    equipements: decodeEquipements(row.equipements),
    tarifs,
    prixMin,
    prixVarie,
    classement: row.classement as Classement,
    numeroEnregistrement: row.numeroEnregistrement,
    publie: row.publie,
  };
}

/** Drafts are visible to admins only (DECISIONS 24): everyone else reads published apartments. */
export interface Visibility {
  drafts: boolean;
}
export const PUBLIC_ONLY: Visibility = { drafts: false };
export const WITH_DRAFTS: Visibility = { drafts: true };

/**
 * The apartment's average note (one decimal) in SQL, from the count and sum on its row: what orders
 * the search by note; null without reviews.
 */
export const averageNote = sql<
  string | null
>`case when ${appartements.avisNombre} > 0 then round(${appartements.avisSomme}::numeric / ${appartements.avisNombre}, 1) end`;

export async function selectAppartements(db: AppDb, visibility: Visibility, condition?: SQL): Promise<Appartement[]> {
  const where = visibility.drafts ? condition : and(eq(appartements.publie, true), condition);
  const query = db.select().from(appartements);
  const rows = await (where ? query.where(where) : query).orderBy(asc(appartements.id));
  return rows.map((row) => toApiAppartement(row));
}

/** One line per apartment, drafts included, in the id order: what the admin's selects need (GET /api/admin/appartements). */
export async function apartmentIndex(db: AppDb): Promise<AppartementIndex[]> {
  const rows = await db
    .select({
      id: appartements.id,
      titre: appartements.titre,
      slug: appartements.slug,
      ville: appartements.ville,
      localisation: appartements.localisation,
      smoobuId: appartements.smoobuId,
      publie: appartements.publie,
    })
    .from(appartements)
    .orderBy(asc(appartements.id));
  // The town as toApiAppartement names it, for rows written before the field.
  return rows.map(({ localisation, ...row }) => ({ ...row, ville: row.ville || villeDeLocalisation(localisation) }));
}

export async function findAppartementBySlug(db: AppDb, slug: string, visibility: Visibility = PUBLIC_ONLY): Promise<Appartement | null> {
  return (await selectAppartements(db, visibility, eq(appartements.slug, slug)))[0] ?? null;
}

/** The reviews of an apartment, newest first, with the average and the count per star. */
export async function reviewsOf(db: AppDb, appartementId: number): Promise<AvisResume> {
  const rows = await db
    .select(publicReviewColumns)
    .from(avis)
    .innerJoin(users, eq(users.id, avis.userId))
    .where(eq(avis.appartementId, appartementId))
    .orderBy(desc(avis.createdAt), desc(avis.id));
  const repartition: Record<StarCount, number> = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  for (const r of rows) repartition[r.note as StarCount] += 1;
  const sum = rows.reduce((n, r) => n + r.note, 0);
  return {
    avis: rows.map(toPublicAvis),
    // Rounded as the catalogue rounds it (averageOf): the page and its card show the same note.
    moyenne: averageOf(sum, rows.length) ?? DEFAULT_NOTE,
    nombreAvis: rows.length,
    repartition,
  };
}

export async function appartementExists(db: AppDb, id: number, visibility: Visibility = PUBLIC_ONLY): Promise<boolean> {
  const rows = await db
    .select({ id: appartements.id })
    .from(appartements)
    .where(visibility.drafts ? eq(appartements.id, id) : and(eq(appartements.id, id), eq(appartements.publie, true)))
    .limit(1);
  return rows.length > 0;
}
