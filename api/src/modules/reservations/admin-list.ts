/**
 * The admin reservations list at scale (issue 32 item 6): filtered and paginated by the database
 * (status, dates, apartment, town by slug or name, guest's name or email), newest arrivals first, and the same
 * filtered list as a CSV a French spreadsheet opens as is.
 */
import { and, count, desc, eq, gt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminReservationsPage } from 'shared-kernel';
import { nightsBetween, parseIsoDate } from 'shared-kernel/rules';
import { decimalComma, frenchCsv } from '../../csv/french-csv.js';
import type { AppDb } from '../../db/client.js';
import { appartements, RESERVATION_STATUS_VALUES, reservations, users } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { townFilter } from '../admin/town-filter.js';
import { apartmentColumns, listedReservationColumns, withJoinedLedgers } from './service.js';
import { ledgerTotalsOf, summaryOfTotals } from '../ledger/ledger.js';
import { userSummaryColumns } from '../users/service.js';
import { countByStatus } from './status-counts.js';

export const MAX_ADMIN_PER_PAGE = 100;
export const DEFAULT_ADMIN_PER_PAGE = 50;
/** Rows of one CSV export: a filtered list beyond this is refused, not cut silently. */
export const MAX_CSV_ROWS = 20_000;

export const STATUS_INVALID = 'Le statut doit être « en attente », « confirmée », « annulée » ou « terminée ».';
export const DATES_INVALID = 'Les dates doivent être au format AAAA-MM-JJ, la date de début au plus tard celle de fin.';
export const APARTMENT_INVALID = 'L’appartement doit être désigné par son numéro.';
export const ADMIN_PAGE_INVALID = 'La page doit être un entier supérieur ou égal à 1.';
export const ADMIN_PER_PAGE_INVALID = `Le nombre de réservations par page doit être un entier entre 1 et ${MAX_ADMIN_PER_PAGE}.`;
export const CSV_TOO_LARGE = `Plus de ${MAX_CSV_ROWS} réservations correspondent : précisez les filtres (dates, statut…) pour l’export.`;

export interface AdminListQuery {
  statut?: string;
  du?: string;
  au?: string;
  appartement?: string;
  ville?: string;
  client?: string;
  page?: string;
  parPage?: string;
}

export interface AdminFilters {
  statut: (typeof RESERVATION_STATUS_VALUES)[number] | null;
  du: string | null;
  au: string | null;
  appartement: number | null;
  ville: string;
  client: string;
  page: number;
  parPage: number;
}

function intOf(value: string | undefined, fallback: number, max: number, message: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(message);
  return Number(value);
}

/** The filters of the query string, or the French 400 of the first wrong one. */
export function parseAdminFilters(query: AdminListQuery): AdminFilters {
  const statut = query.statut ?? '';
  if (statut !== '' && !(RESERVATION_STATUS_VALUES as readonly string[]).includes(statut)) throw badRequest(STATUS_INVALID);
  const du = query.du || null;
  const au = query.au || null;
  if ((du !== null && !parseIsoDate(du)) || (au !== null && !parseIsoDate(au)) || (du !== null && au !== null && du > au))
    throw badRequest(DATES_INVALID);
  return {
    statut: statut === '' ? null : (statut as AdminFilters['statut']),
    du,
    au,
    appartement: query.appartement ? intOf(query.appartement, 0, 999_999_999, APARTMENT_INVALID) : null,
    ville: (query.ville ?? '').trim().slice(0, 100),
    client: (query.client ?? '').trim().toLowerCase().slice(0, 100),
    page: intOf(query.page, 1, 100_000, ADMIN_PAGE_INVALID),
    parPage: intOf(query.parPage, DEFAULT_ADMIN_PER_PAGE, MAX_ADMIN_PER_PAGE, ADMIN_PER_PAGE_INVALID),
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Stays with a night in [du, au] (the departure day is not a night), and the other filters (`town`: the `ville` one). */
function whereOf(f: AdminFilters, town: SQL | undefined): SQL | undefined {
  return and(
    f.statut ? eq(reservations.status, f.statut) : undefined,
    f.du ? gt(reservations.endDate, f.du) : undefined,
    f.au ? lte(reservations.startDate, f.au) : undefined,
    f.appartement ? eq(reservations.appartementId, f.appartement) : undefined,
    town,
    f.client
      ? or(
          sql`lower(${users.nom}) like ${likePattern(f.client)} escape '\\'`,
          sql`lower(${users.email}) like ${likePattern(f.client)} escape '\\'`,
        )
      : undefined,
  );
}

/**
 * The joined rows of the list (stay, apartment, guest, town, the sums of its books), in its order:
 * newest arrivals first. The list shows no quote: its rows are read without it (a JSON document per
 * stay, a third of the answer). The books are summed per row in the same statement (a lateral
 * subquery by `mouvements_reservation_idx`), not by a second read.
 */
function joinedRows(db: AppDb, where: SQL | undefined) {
  const livre = ledgerTotalsOf(db, reservations.id);
  return db
    .select({
      reservation: listedReservationColumns,
      apartment: apartmentColumns,
      user: userSummaryColumns,
      ville: appartements.ville,
      ledger: livre.columns,
    })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .leftJoinLateral(livre.subquery, sql`true`)
    .where(where)
    .orderBy(desc(reservations.startDate), desc(reservations.id));
}

function filteredRows(db: AppDb, f: AdminFilters, town: SQL | undefined) {
  return joinedRows(db, whereOf(f, town));
}

/**
 * The page's rows, in one statement: the ids of the page first, newest arrivals first, joining only
 * the tables a filter reads; then only those rows joined with their apartment and guest. The stays
 * the OFFSET skips are neither joined nor read whole (their quote, their guest).
 */
export function adminPageQuery(db: AppDb, f: AdminFilters, town: SQL | undefined) {
  let ids = db.select({ id: reservations.id }).from(reservations).$dynamic();
  if (town) ids = ids.innerJoin(appartements, eq(appartements.id, reservations.appartementId));
  if (f.client) ids = ids.innerJoin(users, eq(users.id, reservations.userId));
  const page = ids
    .where(whereOf(f, town))
    .orderBy(desc(reservations.startDate), desc(reservations.id))
    .limit(f.parPage)
    .offset((f.page - 1) * f.parPage);
  // An array, not `in (…)`: computed once, then the page's rows are fetched by their primary key (an
  // `in` may be planned as a semi-join that reads every stay).
  return joinedRows(db, sql`${reservations.id} = any(array(${page}))`);
}

/**
 * How many stays match. Without a filter or by status alone, the counts the triggers keep (no scan
 * of three years of stays); otherwise the count joins only the tables a filter reads (every
 * reservation has its apartment and guest).
 */
async function countOf(db: AppDb, f: AdminFilters, town: SQL | undefined): Promise<number> {
  if (!f.du && !f.au && !f.appartement && !town && !f.client) return countByStatus(db, f.statut);
  let query = db.select({ n: count() }).from(reservations).$dynamic();
  if (town) query = query.innerJoin(appartements, eq(appartements.id, reservations.appartementId));
  if (f.client) query = query.innerJoin(users, eq(users.id, reservations.userId));
  const [row] = await query.where(whereOf(f, town));
  return row?.n ?? 0;
}

export async function adminReservationsPage(db: AppDb, f: AdminFilters): Promise<AdminReservationsPage> {
  const towns = townFilter(db, f.ville);
  // Without a town, the page and its count need not wait for the list of towns: on PostgreSQL the
  // three reads run together, each on its connection.
  const where = f.ville === '' ? undefined : (await towns).where;
  const [rows, total, town] = await Promise.all([adminPageQuery(db, f, where), countOf(db, f, where), towns]);
  return { reservations: withJoinedLedgers(rows), total, page: f.page, parPage: f.parPage, villes: town.villes };
}

export const CSV_HEADER = [
  'Référence',
  'Statut',
  'Arrivée',
  'Départ',
  'Nuits',
  'Appartement',
  'Ville',
  'Client',
  'Email',
  'Adultes',
  'Enfants',
  'Total (€)',
  'Reçu (€)',
  'Reste dû (€)',
  'Réservée le',
] as const;

/** The whole filtered list (no page) as a French CSV; 400 when it is too long to be one file. */
export async function adminReservationsCsv(db: AppDb, f: AdminFilters): Promise<string> {
  const town = await townFilter(db, f.ville);
  if ((await countOf(db, f, town.where)) > MAX_CSV_ROWS) throw badRequest(CSV_TOO_LARGE);
  const rows = await filteredRows(db, f, town.where);
  return frenchCsv(
    CSV_HEADER,
    rows.map((r) => {
      // The CSV needs only the balances, not the whole payload of each stay.
      const { comptes } = summaryOfTotals(r.ledger);
      const stay = r.reservation;
      return [
        `SM-${stay.id}`,
        stay.status,
        stay.startDate,
        stay.endDate,
        String(nightsBetween(stay.startDate, stay.endDate)),
        r.apartment.titre,
        r.ville,
        r.user.nom,
        r.user.email,
        String(stay.adultes),
        String(stay.enfants),
        decimalComma(Math.round(stay.totalPrice * 100)),
        decimalComma(comptes.recuCents),
        decimalComma(comptes.resteDuCents),
        stay.createdAt.toISOString().slice(0, 10),
      ];
    }),
  );
}
