/**
 * What to declare to the commune: per month and per apartment, the nights, adult nights, exempt
 * (minor) nights and the taxe de séjour collected, for stays that ended in the period and were not cancelled.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { LigneDeclaration } from 'shared-kernel/domain';
import { nightsBetween } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, reservations } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { decimalComma, frenchCsv } from '../../csv/french-csv.js';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Months `du` to `au` (YYYY-MM, both included; at most 24). */
export function parsePeriod(du: unknown, au: unknown): { from: string; to: string } {
  if (typeof du !== 'string' || !MONTH.test(du)) throw badRequest('Le mois de début doit être au format AAAA-MM.');
  const end = au === undefined || au === '' ? du : au;
  if (typeof end !== 'string' || !MONTH.test(end)) throw badRequest('Le mois de fin doit être au format AAAA-MM.');
  if (end < du) throw badRequest('Le mois de fin doit être postérieur ou égal au mois de début.');
  let n = 1;
  for (let m = du; m < end; m = nextMonth(m)) n += 1;
  if (n > 24) throw badRequest('La période ne peut pas dépasser 24 mois.');
  return { from: `${du}-01`, to: `${nextMonth(end)}-01` };
}

const taxOf = (devis: unknown): number => {
  const t = (devis as { taxeSejour?: { total?: unknown } } | null)?.taxeSejour?.total;
  return typeof t === 'number' && Number.isFinite(t) ? t : 0;
};

export async function declaration(db: AppDb, period: { from: string; to: string }): Promise<LigneDeclaration[]> {
  const rows = await db
    .select({ r: reservations, titre: appartements.titre, numero: appartements.numeroEnregistrement })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .where(and(inArray(reservations.status, ['confirmée', 'terminée']), gte(reservations.endDate, period.from), lt(reservations.endDate, period.to)))
    .orderBy(asc(reservations.endDate), asc(appartements.id));
  const lines = new Map<string, LigneDeclaration & { cents: number }>();
  for (const { r, titre, numero } of rows) {
    const mois = r.endDate.slice(0, 7);
    const key = `${mois}|${r.appartementId}`;
    const line = lines.get(key) ?? { mois, appartementId: r.appartementId, titre, numeroEnregistrement: numero, nuits: 0, nuitsAdultes: 0, nuitsExonerees: 0, taxe: 0, cents: 0 };
    const nights = nightsBetween(r.startDate, r.endDate);
    line.nuits += nights;
    line.nuitsAdultes += nights * r.adultes;
    line.nuitsExonerees += nights * r.enfants;
    line.cents += taxOf(r.devis);
    lines.set(key, line);
  }
  return [...lines.values()]
    .sort((a, b) => (a.mois === b.mois ? a.appartementId - b.appartementId : a.mois < b.mois ? -1 : 1))
    .map(({ cents, ...line }) => ({ ...line, taxe: cents / 100 }));
}

/** Semicolon-separated with a BOM and decimal commas, as French spreadsheets open it. */
export function declarationCsv(lines: LigneDeclaration[]): string {
  const header = ['Mois', 'Appartement', "Numéro d'enregistrement", 'Nuitées', 'Nuitées adultes', 'Nuitées exonérées (mineurs)', 'Taxe collectée (€)'];
  return frenchCsv(
    header,
    lines.map((l) => [l.mois, l.titre, l.numeroEnregistrement ?? '', String(l.nuits), String(l.nuitsAdultes), String(l.nuitsExonerees), decimalComma(Math.round(l.taxe * 100))]),
  );
}
