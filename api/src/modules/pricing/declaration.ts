/**
 * What to declare to the commune: per month and per apartment, the nights, adult nights, exempt
 * (minor) nights and the taxe de séjour collected, for stays that ended in the period and were not
 * cancelled; the CSV export is the état déclaratif, one line per stay (issue 31 item 9).
 */
import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { LigneDeclaration } from 'shared-kernel/domain';
import { classementLabel, nightsBetween, tauxPourAnnee, type Classement, type TauxTaxeSejour } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, mouvements, reservations } from '../../db/schema.js';
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

/** The stays a declaration counts: confirmed or finished, leaving within the period (its end excluded). */
function stayEndedIn(period: { from: string; to: string }): SQL | undefined {
  return and(
    inArray(reservations.status, ['confirmée', 'terminée']),
    gte(reservations.endDate, period.from),
    lt(reservations.endDate, period.to),
  );
}

export async function declaration(db: AppDb, period: { from: string; to: string }): Promise<LigneDeclaration[]> {
  const rows = await db
    .select({ r: reservations, titre: appartements.titre, numero: appartements.numeroEnregistrement })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .where(stayEndedIn(period))
    .orderBy(asc(reservations.endDate), asc(appartements.id));
  const lines = new Map<string, LigneDeclaration & { cents: number }>();
  for (const { r, titre, numero } of rows) {
    const mois = r.endDate.slice(0, 7);
    const key = `${mois}|${r.appartementId}`;
    const line = lines.get(key) ?? {
      mois,
      appartementId: r.appartementId,
      titre,
      numeroEnregistrement: numero,
      nuits: 0,
      nuitsAdultes: 0,
      nuitsExonerees: 0,
      taxe: 0,
      cents: 0,
    };
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

/** One stay of the état déclaratif. */
export interface SejourDeclare {
  titre: string;
  adresse: string;
  numeroEnregistrement: string | null;
  arrivee: string;
  depart: string;
  nuits: number;
  personnes: number;
  mineursExoneres: number;
  classement: Classement;
  /** The rate applied, in words ("5 % du prix par personne et par nuit, plafond 4,90 €, taxe additionnelle 10 %"). */
  tarif: string;
  taxeCents: number;
  /** YYYY-MM-DD (Paris) of the last payment received for the stay, which collected the tax; null if none. */
  percueLe: string | null;
}

const euroText = (euros: number) => `${decimalComma(Math.round(euros * 100))} €`;

/** The rate of the stay's arrival year, as the declaration states it. */
export function tarifText(classement: Classement, taux: TauxTaxeSejour | null): string {
  if (!taux) return 'aucun tarif configuré';
  const additionnelle = `taxe additionnelle ${String(taux.taxeAdditionnelle).replace('.', ',')} %`;
  if (classement === 0)
    return `${String(taux.pourcentageNonClasse).replace('.', ',')} % du prix par personne et par nuit, plafond ${euroText(taux.plafondNonClasse)}, ${additionnelle}`;
  return `${euroText(taux.parEtoiles[String(classement) as '1'])} par adulte et par nuit, ${additionnelle}`;
}

/** The stays that ended in the period (not cancelled), one line each, with what the commune's form asks. */
export async function stayDeclaration(
  db: AppDb,
  period: { from: string; to: string },
  taux: readonly TauxTaxeSejour[],
): Promise<SejourDeclare[]> {
  const percue = db
    .select({
      reservationId: mouvements.reservationId,
      le: sql<string>`to_char(max(${mouvements.date}) at time zone 'Europe/Paris', 'YYYY-MM-DD')`.as('le'),
    })
    .from(mouvements)
    .where(inArray(mouvements.type, ['acompte_recu', 'solde_recu']))
    .groupBy(mouvements.reservationId)
    .as('percue');
  const rows = await db
    .select({
      r: reservations,
      titre: appartements.titre,
      localisation: appartements.localisation,
      numero: appartements.numeroEnregistrement,
      classement: appartements.classement,
      percueLe: percue.le,
    })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .leftJoin(percue, eq(percue.reservationId, reservations.id))
    .where(stayEndedIn(period))
    .orderBy(asc(reservations.endDate), asc(appartements.id), asc(reservations.id));
  return rows.map(({ r, titre, localisation, numero, classement, percueLe }) => {
    const c = (classement >= 0 && classement <= 5 ? classement : 0) as Classement;
    return {
      titre,
      adresse: localisation,
      numeroEnregistrement: numero,
      arrivee: r.startDate,
      depart: r.endDate,
      nuits: nightsBetween(r.startDate, r.endDate),
      personnes: r.adultes + r.enfants,
      mineursExoneres: r.enfants,
      classement: c,
      tarif: tarifText(c, tauxPourAnnee(taux, Number(r.startDate.slice(0, 4)))),
      taxeCents: taxOf(r.devis),
      percueLe: percueLe ?? null,
    };
  });
}

const frenchDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** The état déclaratif: one line per stay; semicolon-separated with a BOM and decimal commas, as French spreadsheets open it. */
export function declarationCsv(stays: readonly SejourDeclare[]): string {
  const header = [
    'Logement',
    'Adresse du logement',
    "Numéro d'enregistrement",
    'Arrivée',
    'Départ',
    'Nuitées',
    'Personnes',
    'Mineurs exonérés',
    'Classement',
    'Tarif appliqué',
    'Taxe collectée (€)',
    'Date de perception',
  ];
  return frenchCsv(
    header,
    stays.map((s) => [
      s.titre,
      s.adresse,
      s.numeroEnregistrement ?? '',
      frenchDay(s.arrivee),
      frenchDay(s.depart),
      String(s.nuits),
      String(s.personnes),
      String(s.mineursExoneres),
      classementLabel(s.classement),
      s.tarif,
      decimalComma(s.taxeCents),
      s.percueLe ? frenchDay(s.percueLe) : '',
    ]),
  );
}
