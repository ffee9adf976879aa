/**
 * What the admin calendar shows (stays by status, blocked days by origin, conflicts) and the
 * manual blocks an admin adds or removes.
 */
import { and, asc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
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
import { badRequest, conflict } from '../../http/errors.js';
import type { CalendarBlockedDay, CalendarConflict, CalendarData, VilleFacette } from 'shared-kernel/domain';
import { townFilter } from '../admin/town-filter.js';

export const CALENDAR_MAX_DAYS = 400;
export const BLOCK_MAX_DAYS = 366;
export const DAYS_BOOKED = 'Ces jours comprennent une nuit déjà réservée : ils ne peuvent pas être bloqués.';
const ACTIVE = ['en attente', 'confirmée'] as const;

export function checkPeriod(du: string, au: string, maxDays: number): void {
  if (!parseIsoDate(du) || !parseIsoDate(au)) throw badRequest('Les dates « du » et « au » doivent être au format AAAA-MM-JJ.');
  if (au < du) throw badRequest('La date « au » doit être postérieure ou égale à la date « du ».');
  if (addDaysIso(du, maxDays) <= au) throw badRequest(`La période couvre ${maxDays} jours au plus.`);
}

/** Conflicts whose stay is still active and whose imported block still exists. */
export async function activeConflicts(db: AppDb, filter: { du?: string; au?: string } = {}): Promise<CalendarConflict[]> {
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
      ),
    )
    .orderBy(asc(conflitsCalendrier.debut), asc(conflitsCalendrier.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The stays shown over [du, end): those with a night in it. Read through `reservations_fin_idx`
 * (migration 0027: by departure, the month's stays and the later ones, not the years before); exported
 * unawaited so the plan test can EXPLAIN it (test/search-plan.test.ts).
 */
export function staysOfPeriodQuery(db: AppDb, du: string, end: string, ofTown?: SQL) {
  return db
    .select({
      id: reservations.id,
      appartementId: reservations.appartementId,
      startDate: reservations.startDate,
      endDate: reservations.endDate,
      status: reservations.status,
      client: users.nom,
    })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.userId))
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

/**
 * The month (or period) of every apartment, or of one town's (`ville`, slug or name, as the search's):
 * four reads whatever the number of apartments, each bounded by the period (and the town's apartments).
 */
export async function calendarOf(db: AppDb, du: string, au: string, ville?: string): Promise<AdminCalendar> {
  const end = addDaysIso(au, 1);
  const town = await townFilter(db, ville);
  const apartments = await db
    .select({ id: appartements.id, titre: appartements.titre, slug: appartements.slug })
    .from(appartements)
    .where(town.where)
    .orderBy(asc(appartements.titre), asc(appartements.id));
  const ids = apartments.map((a) => a.id);
  if (ids.length === 0)
    return { du, au, ville: ville?.trim() || null, villes: town.villes, appartements: [], reservations: [], jours: [], conflits: [] };
  // Without a town every apartment is shown: no list of ids to send.
  const staysOfTown = town.where ? inArray(reservations.appartementId, ids) : undefined;
  const daysOfTown = town.where ? inArray(occupations.appartementId, ids) : undefined;
  const [stays, days, conflicts] = await Promise.all([
    staysOfPeriodQuery(db, du, end, staysOfTown),
    db
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
      .where(and(daysOfTown, eq(occupations.genre, 'blocage'), gte(occupations.debut, du), lt(occupations.debut, end)))
      .orderBy(asc(occupations.debut)),
    activeConflicts(db, { du, au }),
  ]);
  const shown = new Set(ids);
  const blocked: CalendarBlockedDay[] = days.map((d) => ({
    appartementId: d.appartementId,
    date: d.date,
    origine: d.disponibiliteId !== null ? 'manuel' : 'import',
    source: d.source,
    note: d.note,
    enConflit: !d.actif,
  }));
  return {
    du,
    au,
    ville: ville?.trim() || null,
    villes: town.villes,
    appartements: apartments,
    reservations: stays.map((s) => ({ ...s, client: s.client ?? '' })),
    jours: blocked,
    conflits: town.where ? conflicts.filter((c) => shown.has(c.appartementId)) : conflicts,
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
