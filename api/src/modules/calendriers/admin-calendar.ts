/**
 * What the admin calendar shows (stays by status, blocked days by origin, conflicts) and the
 * manual blocks an admin adds or removes.
 */
import { and, asc, count, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDaysIso, parseIsoDate } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import {
  appartements,
  blocagesImportes,
  conflitsCalendrier,
  disponibilites,
  fluxIcal,
  occupations,
  reservations,
  users,
} from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { APARTMENT_NOT_FOUND } from '../appartements/service.js';
import type { CalendarBlockedDay, CalendarConflict, CalendarData, CalendarPaging, VilleFacette } from 'shared-kernel/domain';
import { townFilter } from '../admin/town-filter.js';

export const CALENDAR_MAX_DAYS = 400;
export const BLOCK_MAX_DAYS = 366;
export const DAYS_BOOKED = 'Ces jours comprennent une nuit déjà réservée : ils ne peuvent pas être bloqués.';
const ACTIVE = ['en attente', 'confirmée'] as const;

/** Apartments of one page of the timeline (issue 32 item 6): its client asks for fewer. */
export const MAX_CALENDAR_PER_PAGE = 100;
export const CALENDAR_PAGE_INVALID = 'La page doit être un entier supérieur ou égal à 1.';
export const CALENDAR_PER_PAGE_INVALID = `Le nombre d’appartements par page doit être un entier entre 1 et ${MAX_CALENDAR_PER_PAGE}.`;
export const CALENDAR_PAGE_WITHOUT_SIZE = 'Une page se demande avec le nombre d’appartements par page (« parPage »).';

/** One apartment's month (issue 32: the month view draws one apartment, its select lists them apart). */
export const CALENDAR_APARTMENT_INVALID = 'L’appartement (« appartement ») doit être désigné par un entier supérieur ou égal à 1.';
export const CALENDAR_APARTMENT_PAGED =
  'Le calendrier d’un appartement (« appartement ») se demande sans page : retirez « page » et « parPage ».';

function positiveInt(value: string, max: number, message: string): number {
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(message);
  return Number(value);
}

/**
 * The page asked for, or null without `parPage`: then every apartment, as the calendar sent before it
 * had pages (an admin remote is deployed apart from the API, an older one asks for no page). A `page`
 * without `parPage` is refused rather than ignored.
 */
export function parseCalendarPaging(query: { page?: string; parPage?: string }): CalendarPaging | null {
  const page = query.page ?? '';
  const parPage = query.parPage ?? '';
  if (parPage === '') {
    if (page !== '') throw badRequest(CALENDAR_PAGE_WITHOUT_SIZE);
    return null;
  }
  return {
    page: page === '' ? 1 : positiveInt(page, 100_000, CALENDAR_PAGE_INVALID),
    parPage: positiveInt(parPage, MAX_CALENDAR_PER_PAGE, CALENDAR_PER_PAGE_INVALID),
  };
}

/**
 * The apartment asked for, or null without `appartement` (then the paging or every apartment). With
 * `page` or `parPage` it is refused rather than one of them ignored.
 */
export function parseCalendarApartment(query: { appartement?: string; page?: string; parPage?: string }): number | null {
  const appartement = query.appartement ?? '';
  if (appartement === '') return null;
  if ((query.page ?? '') !== '' || (query.parPage ?? '') !== '') throw badRequest(CALENDAR_APARTMENT_PAGED);
  return positiveInt(appartement, 999_999_999, CALENDAR_APARTMENT_INVALID);
}

export function checkPeriod(du: string, au: string, maxDays: number): void {
  if (!parseIsoDate(du) || !parseIsoDate(au)) throw badRequest('Les dates « du » et « au » doivent être au format AAAA-MM-JJ.');
  if (au < du) throw badRequest('La date « au » doit être postérieure ou égale à la date « du ».');
  if (addDaysIso(du, maxDays) <= au) throw badRequest(`La période couvre ${maxDays} jours au plus.`);
}

/** Conflicts whose stay is still active and whose imported block still exists. */
export async function activeConflicts(
  db: AppDb,
  filter: { du?: string; au?: string; appartementIds?: number[] } = {},
): Promise<CalendarConflict[]> {
  const rows = await db
    .select({
      id: conflitsCalendrier.id,
      appartementId: conflitsCalendrier.appartementId,
      appartement: appartements.titre,
      reservationId: conflitsCalendrier.reservationId,
      source: fluxIcal.libelle,
      debut: conflitsCalendrier.debut,
      fin: conflitsCalendrier.fin,
      createdAt: conflitsCalendrier.createdAt,
    })
    .from(conflitsCalendrier)
    .innerJoin(reservations, eq(reservations.id, conflitsCalendrier.reservationId))
    .innerJoin(blocagesImportes, eq(blocagesImportes.id, conflitsCalendrier.blocageId))
    .innerJoin(fluxIcal, eq(fluxIcal.id, blocagesImportes.fluxId))
    .innerJoin(appartements, eq(appartements.id, conflitsCalendrier.appartementId))
    .where(
      and(
        inArray(reservations.status, [...ACTIVE]),
        filter.au ? lte(conflitsCalendrier.debut, filter.au) : undefined,
        filter.du ? gt(conflitsCalendrier.fin, filter.du) : undefined,
        filter.appartementIds ? inArray(conflitsCalendrier.appartementId, filter.appartementIds) : undefined,
      ),
    )
    .orderBy(asc(conflitsCalendrier.debut), asc(conflitsCalendrier.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The stays shown over [du, end): those with a night in it. Read through `reservations_fin_idx`
 * (migration 0027: by departure, the month's stays and the later ones, not the years before); exported
 * unawaited so the plan test can EXPLAIN it (test/search-plan.test.ts). The guest's name is a
 * subquery by primary key: joined, the planner hashed every user (18,000 at scale) for a page's 170
 * stays, two thirds of the timeline's time on the embedded database. (Written as a nested `sql` so
 * Drizzle keeps its table names, which it drops from a one-table query's own columns.)
 */
export function staysOfPeriodQuery(db: AppDb, du: string, end: string, ofTown?: SQL) {
  return db
    .select({
      id: reservations.id,
      appartementId: reservations.appartementId,
      startDate: reservations.startDate,
      endDate: reservations.endDate,
      status: reservations.status,
      client: sql<string | null>`(${sql`select ${users.nom} from ${users} where ${users.id} = ${reservations.userId}`})`,
    })
    .from(reservations)
    .where(
      and(
        ofTown,
        lt(reservations.startDate, end),
        gt(reservations.endDate, du),
        inArray(reservations.status, ['en attente', 'confirmée', 'terminée']),
      ),
    )
    .orderBy(asc(reservations.startDate));
}

/** What the calendar sends: the kernel's CalendarData and the catalogue's towns (its `ville` filter). */
export type AdminCalendar = CalendarData & { ville: string | null; villes: VilleFacette[] };
/** One page of the timeline's apartments, and how many the town has (every town: all of them). */
export type AdminCalendarPage = AdminCalendar & CalendarPaging & { total: number };

/**
 * The blocked days shown over [du, end), of the apartments `ofApartments` selects (undefined: all).
 * Exported unawaited so the plan test can EXPLAIN it: a page's days are read by apartment
 * (`occupations_blocage_idx`, the blocks' part of `occupations_appartement_debut_idx`).
 */
export function blockedDaysQuery(db: AppDb, du: string, end: string, ofApartments?: SQL) {
  return db
    .select({
      appartementId: occupations.appartementId,
      date: occupations.debut,
      actif: occupations.actif,
      disponibiliteId: occupations.disponibiliteId,
      note: disponibilites.note,
      source: fluxIcal.libelle,
    })
    .from(occupations)
    .leftJoin(disponibilites, eq(disponibilites.id, occupations.disponibiliteId))
    .leftJoin(blocagesImportes, eq(blocagesImportes.id, occupations.blocageId))
    .leftJoin(fluxIcal, eq(fluxIcal.id, blocagesImportes.fluxId))
    .where(and(ofApartments, eq(occupations.genre, 'blocage'), gte(occupations.debut, du), lt(occupations.debut, end)))
    .orderBy(asc(occupations.debut));
}

/** The apartments of the timeline, in its order (title, then number), of the town or of every town. */
function apartmentsQuery(db: AppDb, town: SQL | undefined) {
  return db
    .select({ id: appartements.id, titre: appartements.titre, slug: appartements.slug })
    .from(appartements)
    .where(town)
    .orderBy(asc(appartements.titre), asc(appartements.id))
    .$dynamic();
}

/**
 * The month (or period) of every apartment, or of one town's (`ville`, slug or name, as the search's):
 * four reads whatever the number of apartments, each bounded by the period (and the town's apartments).
 * With `paging`, only the page's apartments (and their stays, blocked days and conflicts, read by
 * apartment through their indexes), with `total`, the apartments of the town.
 */
export async function calendarOf(
  db: AppDb,
  du: string,
  au: string,
  ville?: string,
  paging?: CalendarPaging | null,
): Promise<AdminCalendar | AdminCalendarPage> {
  const town = await townFilter(db, ville);
  const [apartments, total] = paging
    ? await Promise.all([
        apartmentsQuery(db, town.where)
          .limit(paging.parPage)
          .offset((paging.page - 1) * paging.parPage),
        db
          .select({ n: count() })
          .from(appartements)
          .where(town.where)
          .then(([row]) => row?.n ?? 0),
      ])
    : [await apartmentsQuery(db, town.where), null];
  const head = { du, au, ville: ville?.trim() || null, villes: town.villes };
  const pageOf = (data: AdminCalendar): AdminCalendar | AdminCalendarPage =>
    paging && total !== null ? { ...data, total, page: paging.page, parPage: paging.parPage } : data;
  const ids = apartments.map((a) => a.id);
  if (ids.length === 0) return pageOf({ ...head, appartements: [], reservations: [], jours: [], conflits: [] });
  // Every apartment shown (no town, no page): no list of ids to send.
  const some = town.where !== undefined || paging;
  return pageOf(await periodOf(db, head, apartments, some ? ids : undefined));
}

/**
 * The month (or period) of one apartment, as calendarOf sends it with that apartment alone (and every
 * town in `villes`): its stays, blocked days and conflicts read by apartment. 404 for an unknown one.
 */
export async function calendarOfApartment(db: AppDb, du: string, au: string, appartementId: number): Promise<AdminCalendar> {
  const [[apartment], town] = await Promise.all([apartmentsQuery(db, eq(appartements.id, appartementId)), townFilter(db, undefined)]);
  if (!apartment) throw notFound(APARTMENT_NOT_FOUND);
  return periodOf(db, { du, au, ville: null, villes: town.villes }, [apartment], [apartment.id]);
}

/** The stays, blocked days and conflicts of `apartments` over [du, au] (`ids` undefined: of every apartment). */
async function periodOf(
  db: AppDb,
  head: Pick<AdminCalendar, 'du' | 'au' | 'ville' | 'villes'>,
  apartments: AdminCalendar['appartements'],
  ids: number[] | undefined,
): Promise<AdminCalendar> {
  const { du, au } = head;
  const end = addDaysIso(au, 1);
  const [stays, days, conflicts] = await Promise.all([
    staysOfPeriodQuery(db, du, end, ids ? inArray(reservations.appartementId, ids) : undefined),
    blockedDaysQuery(db, du, end, ids ? inArray(occupations.appartementId, ids) : undefined),
    activeConflicts(db, { du, au, appartementIds: ids }),
  ]);
  const blocked: CalendarBlockedDay[] = days.map((d) => ({
    appartementId: d.appartementId,
    date: d.date,
    origine: d.disponibiliteId !== null ? 'manuel' : 'import',
    source: d.source,
    note: d.note,
    enConflit: !d.actif,
  }));
  return {
    ...head,
    appartements: apartments,
    reservations: stays.map((s) => ({ ...s, client: s.client ?? '' })),
    jours: blocked,
    conflits: conflicts,
  };
}

/** Blocks every day of [du, au] for the apartment (keeping or replacing the note); refused over a booked night. */
export async function blockDays(db: AppDb, appartementId: number, du: string, au: string, note: string | null): Promise<number> {
  checkPeriod(du, au, BLOCK_MAX_DAYS);
  const dates: string[] = [];
  for (let d = du; d <= au; d = addDaysIso(d, 1)) dates.push(d);
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(disponibilites)
        .values(dates.map((d) => ({ appartementId, date: d, note })))
        .onConflictDoUpdate({ target: [disponibilites.appartementId, disponibilites.date], set: { note: sql`excluded.note` } });
    });
  } catch (error) {
    if (sqlState(error) === '23P01') throw conflict(DAYS_BOOKED);
    throw error;
  }
  return dates.length;
}

/** Removes the manual blocks of [du, au]; imported blocks stay (their channel owns them). */
export async function unblockDays(db: AppDb, appartementId: number, du: string, au: string): Promise<number> {
  checkPeriod(du, au, BLOCK_MAX_DAYS);
  const removed = await db
    .delete(disponibilites)
    .where(and(eq(disponibilites.appartementId, appartementId), gte(disponibilites.date, du), lte(disponibilites.date, au)))
    .returning({ id: disponibilites.id });
  return removed.length;
}
