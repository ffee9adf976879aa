/**
 * The operator's figures (issue 30 item 1, DECISIONS 40): nights sold and open, occupancy, revenue,
 * average nightly rate and RevPAR, per month and per apartment, for days `du` to `au` (both
 * included, calendar days in Europe/Paris as the stays' dates are), and the same days a year before.
 *
 * Counting is done in SQL, night by night (generate_series over each stay's nights), grouped by
 * apartment and month, so 500 apartments over 3 years are a few thousand rows to the server.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  Statistiques,
  StatistiquesAppartement,
  StatistiquesChiffres,
  StatistiquesMois,
  StatistiquesPeriode,
  StatistiquesTotaux,
} from 'shared-kernel/domain';
import { addDaysIso, parseIsoDate } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements } from '../../db/schema.js';
import { decimalComma, frenchCsv } from '../../csv/french-csv.js';
import { badRequest, notFound } from '../../http/errors.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';

/** Three years, a leap day included. */
export const STATISTICS_MAX_DAYS = 1096;
export const STATS_START_MISSING = 'Indiquez la date de début (du) au format AAAA-MM-JJ.';
export const STATS_END_MISSING = 'Indiquez la date de fin (au) au format AAAA-MM-JJ.';
export const STATS_BAD_DATE = 'Les dates doivent être des dates valides au format AAAA-MM-JJ.';
export const STATS_INVERTED = 'La date de fin doit être postérieure ou égale à la date de début.';
export const STATS_TOO_LONG = `La période ne peut pas dépasser 3 ans (${STATISTICS_MAX_DAYS} jours).`;

/** Statuses of stays that happen, as the planning counts them: a cancelled stay sells no night. */
const SOLD = ['en attente', 'confirmée', 'terminée'] as const;
/** The cleaning line of a stored quote (written by the kernel's devisSejour): not accommodation. */
const CLEANING_LINE = 'Frais de ménage';

export interface StatisticsQuery {
  du: string;
  au: string;
  appartementId: number | null;
}

/** The period of the query string, checked: French 400s for a missing, impossible, inverted or too long period. */
export function parseStatisticsPeriod(du: string | undefined, au: string | undefined): { du: string; au: string } {
  if (!du) throw badRequest(STATS_START_MISSING);
  if (!au) throw badRequest(STATS_END_MISSING);
  if (!parseIsoDate(du) || !parseIsoDate(au)) throw badRequest(STATS_BAD_DATE);
  if (au < du) throw badRequest(STATS_INVERTED);
  if (au >= addDaysIso(du, STATISTICS_MAX_DAYS)) throw badRequest(STATS_TOO_LONG);
  return { du, au };
}

/** The same calendar day a year before; 29 February becomes 28 February. */
export function sameDayYearBefore(iso: string): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const year = String(Number(y) - 1).padStart(4, '0');
  return parseIsoDate(`${year}-${m}-${d}`) ? `${year}-${m}-${d}` : `${year}-${m}-28`;
}

interface Cell {
  appartementId: number;
  mois: string;
  vendues: number;
  cents: number;
  bloquees: number;
  autres: number;
  annulations: number;
}

/** pg answers bigint and numeric columns as strings. */
type CellRow = Record<keyof Cell, number | string>;

/**
 * Per apartment and month: nights sold and their revenue, nights blocked by hand, nights imported
 * from other channels, cancelled stays (counted in the month they would have started, or the
 * period's first month). Revenue of a stay is its quote's total less cleaning and taxe de séjour
 * (a stay without a stored quote, like the demo's, counts its whole price), split over its nights in
 * whole cents: night k of n gets ⌊h(k+1)/n⌋ − ⌊hk/n⌋, so the nights add up to the stay exactly. The
 * stored quote groups nights by rate without their dates, so an even split is the finest it allows.
 */
async function cells(db: AppDb, q: StatisticsQuery): Promise<Cell[]> {
  const end = addDaysIso(q.au, 1);
  const apartment = (column: string) => (q.appartementId === null ? sql`true` : sql`${sql.raw(column)} = ${q.appartementId}`);
  const soldList = sql.join(
    SOLD.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = (await db.execute<CellRow>(sql`
    with stays as (
      select r.appartement_id, r.start_date, (r.end_date - r.start_date) as n,
        round(r.total_price * 100)::bigint
          - coalesce((
              select sum(round((l->>'montant')::numeric * 100))
              from jsonb_array_elements(case when jsonb_typeof(r.devis->'lignes') = 'array' then r.devis->'lignes' else '[]'::jsonb end) l
              where l->>'libelle' = ${CLEANING_LINE} and jsonb_typeof(l->'montant') = 'number'
            ), 0)::bigint
          - (case when jsonb_typeof(r.devis->'taxeSejour'->'total') = 'number'
              then round((r.devis->'taxeSejour'->>'total')::numeric) else 0 end)::bigint as h,
        greatest(r.start_date, ${q.du}::date) - r.start_date as first_k,
        least(r.end_date, ${end}::date) - r.start_date - 1 as last_k
      from reservations r
      where r.status in (${soldList}) and r.start_date < ${end}::date and r.end_date > ${q.du}::date
        and ${apartment('r.appartement_id')}
    ),
    sold as (
      select s.appartement_id, to_char(s.start_date + k, 'YYYY-MM') as mois,
        count(*)::int as vendues,
        sum((s.h * (k + 1)) / s.n - (s.h * k) / s.n)::bigint as cents
      from stays s cross join lateral generate_series(s.first_k, s.last_k) as k
      group by 1, 2
    ),
    blocked as (
      select d.appartement_id, to_char(d.date, 'YYYY-MM') as mois, count(*)::int as bloquees
      from disponibilites d
      where d.date >= ${q.du}::date and d.date < ${end}::date and ${apartment('d.appartement_id')}
      group by 1, 2
    ),
    imported as (
      select o.appartement_id, to_char(o.debut, 'YYYY-MM') as mois, count(distinct o.debut)::int as autres
      from occupations o
      where o.blocage_id is not null and o.actif and o.debut >= ${q.du}::date and o.debut < ${end}::date
        and ${apartment('o.appartement_id')}
      group by 1, 2
    ),
    cancelled as (
      select r.appartement_id, to_char(greatest(r.start_date, ${q.du}::date), 'YYYY-MM') as mois, count(*)::int as annulations
      from reservations r
      where r.status = 'annulée' and r.start_date < ${end}::date and r.end_date > ${q.du}::date
        and ${apartment('r.appartement_id')}
      group by 1, 2
    ),
    keys as (
      select appartement_id, mois from sold union select appartement_id, mois from blocked
      union select appartement_id, mois from imported union select appartement_id, mois from cancelled
    )
    select k.appartement_id as "appartementId", k.mois,
      coalesce(sold.vendues, 0) as vendues, coalesce(sold.cents, 0) as cents,
      coalesce(blocked.bloquees, 0) as bloquees, coalesce(imported.autres, 0) as autres,
      coalesce(cancelled.annulations, 0) as annulations
    from keys k
    left join sold using (appartement_id, mois)
    left join blocked using (appartement_id, mois)
    left join imported using (appartement_id, mois)
    left join cancelled using (appartement_id, mois)`)) as { rows: CellRow[] };
  return result.rows.map((r) => ({
    appartementId: Number(r.appartementId),
    mois: String(r.mois),
    vendues: Number(r.vendues),
    cents: Number(r.cents),
    bloquees: Number(r.bloquees),
    autres: Number(r.autres),
    annulations: Number(r.annulations),
  }));
}

/** Each month of [du, au] with its number of days inside the period. */
function monthsOf(du: string, au: string): Array<{ mois: string; jours: number }> {
  const months: Array<{ mois: string; jours: number }> = [];
  for (let day = du; day <= au;) {
    const mois = day.slice(0, 7);
    const [y, m] = mois.split('-').map(Number) as [number, number];
    const nextMonth = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    const last = nextMonth <= au ? addDaysIso(nextMonth, -1) : au;
    months.push({ mois, jours: Number(last.slice(8, 10)) - Number(day.slice(8, 10)) + 1 });
    day = nextMonth;
  }
  return months;
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const perNight = (cents: number, nights: number): number | null => (nights > 0 ? Math.round(cents / nights) : null);

function chiffres(vendues: number, ouvertes: number, cents: number): StatistiquesChiffres {
  return { nuitsVendues: vendues, nuitsOuvertes: ouvertes, tauxOccupation: ratio(vendues, ouvertes), chiffreAffairesCents: cents };
}

function totaux(vendues: number, ouvertes: number, cents: number, annulations: number, autres: number): StatistiquesTotaux {
  return {
    ...chiffres(vendues, ouvertes, cents),
    prixMoyenNuitCents: perNight(cents, vendues),
    revparCents: perNight(cents, ouvertes),
    annulations,
    nuitsAutresCanaux: autres,
  };
}

const sum = (rows: readonly Cell[], key: 'vendues' | 'cents' | 'bloquees' | 'autres' | 'annulations') =>
  rows.reduce((total, row) => total + row[key], 0);

function groupBy<K>(rows: readonly Cell[], key: (row: Cell) => K): Map<K, Cell[]> {
  const groups = new Map<K, Cell[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

interface ApartmentRow {
  id: number;
  titre: string;
  publie: boolean;
}

async function period(db: AppDb, q: StatisticsQuery, apartments: readonly ApartmentRow[]): Promise<StatistiquesPeriode> {
  const rows = await cells(db, q);
  const months = monthsOf(q.du, q.au);
  const days = months.reduce((total, m) => total + m.jours, 0);
  const published = apartments.filter((a) => a.publie);

  const publishedIds = new Set(published.map((a) => a.id));
  const byMonth = groupBy(rows, (r) => r.mois);
  const byApartment = groupBy(rows, (r) => r.appartementId);

  const parMois: StatistiquesMois[] = months.map(({ mois, jours }) => {
    const inMonth = byMonth.get(mois) ?? [];
    // Only a published apartment's nights are open; a block on a draft closes nothing.
    const blocked = sum(
      inMonth.filter((r) => publishedIds.has(r.appartementId)),
      'bloquees',
    );
    return { mois, ...chiffres(sum(inMonth, 'vendues'), published.length * jours - blocked, sum(inMonth, 'cents')) };
  });

  const parAppartement: StatistiquesAppartement[] = apartments
    .map((a) => {
      const own = byApartment.get(a.id) ?? [];
      const ouvertes = a.publie ? days - sum(own, 'bloquees') : 0;
      return {
        appartementId: a.id,
        titre: a.titre,
        ...totaux(sum(own, 'vendues'), ouvertes, sum(own, 'cents'), sum(own, 'annulations'), sum(own, 'autres')),
      };
    })
    .filter((a) => a.nuitsOuvertes > 0 || a.nuitsVendues > 0 || a.annulations > 0 || a.nuitsAutresCanaux > 0)
    .sort((a, b) => b.chiffreAffairesCents - a.chiffreAffairesCents || a.titre.localeCompare(b.titre, 'fr'));

  const ouvertes = parMois.reduce((total, m) => total + m.nuitsOuvertes, 0);
  return {
    du: q.du,
    au: q.au,
    ...totaux(sum(rows, 'vendues'), ouvertes, sum(rows, 'cents'), sum(rows, 'annulations'), sum(rows, 'autres')),
    parMois,
    parAppartement,
  };
}

/** The figures of the period and of the same days a year before; 404 for an unknown apartment. */
export async function statistics(db: AppDb, q: StatisticsQuery): Promise<Statistiques> {
  const columns = { id: appartements.id, titre: appartements.titre, publie: appartements.publie };
  const apartments =
    q.appartementId === null
      ? await db.select(columns).from(appartements)
      : await db.select(columns).from(appartements).where(eq(appartements.id, q.appartementId));
  if (q.appartementId !== null && apartments.length === 0) throw notFound(APARTMENT_NOT_FOUND);
  const before = { ...q, du: sameDayYearBefore(q.du), au: sameDayYearBefore(q.au) };
  const [current, previous] = await Promise.all([period(db, q, apartments), period(db, before, apartments)]);
  return { ...current, anneePrecedente: previous };
}

const CSV_HEADER = [
  'Ligne',
  'Mois',
  'Appartement',
  'Nuits vendues',
  'Nuits ouvertes',
  'Taux d’occupation (%)',
  'Chiffre d’affaires (€)',
  'Prix moyen par nuit (€)',
  'RevPAR (€)',
  'Annulations',
  'Nuits autres canaux',
] as const;

const percent = (taux: number | null) => (taux === null ? '' : decimalComma(Math.round(taux * 10_000)));
const money = (cents: number | null) => (cents === null ? '' : decimalComma(cents));

function csvFigures(c: StatistiquesChiffres, t: StatistiquesTotaux | null): string[] {
  return [
    String(c.nuitsVendues),
    String(c.nuitsOuvertes),
    percent(c.tauxOccupation),
    money(c.chiffreAffairesCents),
    money(t ? t.prixMoyenNuitCents : perNight(c.chiffreAffairesCents, c.nuitsVendues)),
    money(t ? t.revparCents : perNight(c.chiffreAffairesCents, c.nuitsOuvertes)),
    t ? String(t.annulations) : '',
    t ? String(t.nuitsAutresCanaux) : '',
  ];
}

/** The figures as a French spreadsheet: the total, then each month, then each apartment. */
export function statisticsCsv(s: StatistiquesPeriode): string {
  const span = `${s.du} au ${s.au}`;
  return frenchCsv(CSV_HEADER, [
    ['Total', span, 'Tous', ...csvFigures(s, s)],
    ...s.parMois.map((m) => ['Mois', m.mois, 'Tous', ...csvFigures(m, null)]),
    ...s.parAppartement.map((a) => ['Appartement', span, a.titre, ...csvFigures(a, a)]),
  ]);
}
