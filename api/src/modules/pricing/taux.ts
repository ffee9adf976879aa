/** Taxe de séjour rates per year, as the admin entered them (table taxe_sejour_taux). */
import { asc, sql } from 'drizzle-orm';
import { tauxProblems, type TauxTaxeSejour } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { taxeSejourTaux } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { stampedCache } from '../../cache/stamped.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored row back to rates; an unreadable row yields null and is ignored rather than breaking quotes. */
function decodeTaux(annee: number, value: unknown): TauxTaxeSejour | null {
  if (!isRecord(value) || !isRecord(value.parEtoiles)) return null;
  const t = {
    annee,
    pourcentageNonClasse: value.pourcentageNonClasse,
    plafondNonClasse: value.plafondNonClasse,
    parEtoiles: value.parEtoiles,
    taxeAdditionnelle: value.taxeAdditionnelle,
  } as TauxTaxeSejour;
  return tauxProblems(t).length === 0 ? t : null;
}

export async function loadTaux(db: AppDb): Promise<TauxTaxeSejour[]> {
  const rows = await db.select().from(taxeSejourTaux).orderBy(asc(taxeSejourTaux.annee));
  return rows.flatMap((r) => decodeTaux(r.annee, r.taux) ?? []);
}

const tauxCache = stampedCache<'taux', TauxTaxeSejour[]>();

/** `loadTaux` at the table's `version` (cache/table-versions.ts, read by the caller first): read again only after a write. */
export const currentTaux = (db: AppDb, version: string): Promise<TauxTaxeSejour[]> =>
  tauxCache.get(db, 'taux', version, () => loadTaux(db));

/** Checks a posted year of rates (French messages) and stores it, replacing that year's. */
export async function saveTaux(db: AppDb, annee: number, body: Record<string, unknown>): Promise<TauxTaxeSejour> {
  const etoiles = isRecord(body.parEtoiles) ? body.parEtoiles : {};
  const t: TauxTaxeSejour = {
    annee,
    pourcentageNonClasse: Number(body.pourcentageNonClasse),
    plafondNonClasse: Number(body.plafondNonClasse),
    parEtoiles: {
      '1': Number(etoiles['1']),
      '2': Number(etoiles['2']),
      '3': Number(etoiles['3']),
      '4': Number(etoiles['4']),
      '5': Number(etoiles['5']),
    },
    taxeAdditionnelle: Number(body.taxeAdditionnelle),
  };
  const problems = tauxProblems(t);
  if (problems.length > 0) throw badRequest(problems.join(' '));
  const { annee: _year, ...taux } = t;
  await db
    .insert(taxeSejourTaux)
    .values({ annee, taux })
    .onConflictDoUpdate({ target: taxeSejourTaux.annee, set: { taux, updatedAt: sql`now()` } });
  return t;
}
