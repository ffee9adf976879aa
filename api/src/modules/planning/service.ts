/**
 * The operator's day (issue 30 item 2): who arrives, who leaves, and which apartments to clean
 * between a departure and the next arrival. Stays are ours (pending, confirmed or finished) and
 * those imported from other channels' calendars, since their guests need a clean apartment too.
 * Days are calendar days in Europe/Paris, as the stays' dates are.
 */
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Planning, PlanningJour, PlanningMenage, PlanningMouvement, Regles } from 'shared-kernel/domain';
import { addDaysIso } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, blocagesImportes, fluxIcal, menages, reservations, users } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ledgerSummaries } from '../ledger/ledger.js';

export const PLANNING_MAX_DAYS = 31;
export const NO_CLEANING_THAT_DAY = 'Aucun ménage prévu ce jour-là pour cet appartement (aucun départ).';

/** Statuses of stays that happen: a cancelled one neither arrives nor leaves. */
const LIVE = ['en attente', 'confirmée', 'terminée'] as const;

interface Stay {
  reservationId: number | null;
  voyageur: string;
  appartementId: number;
  debut: string;
  fin: string;
  voyageurs: number | null;
}

interface ApartmentFacts {
  titre: string;
  regles: Partial<Regles>;
}

/** Every live stay touching [from, to] (arrival or departure inside it), ours and imported. */
async function staysAround(db: AppDb, from: string, to: string): Promise<Stay[]> {
  const touches = (
    start: typeof reservations.startDate | typeof blocagesImportes.debut,
    end: typeof reservations.endDate | typeof blocagesImportes.fin,
  ) => sql`((${start} between ${from} and ${to}) or (${end} between ${from} and ${to}))`;
  const [ours, imported] = await Promise.all([
    db
      .select({
        reservationId: reservations.id,
        voyageur: users.nom,
        appartementId: reservations.appartementId,
        debut: reservations.startDate,
        fin: reservations.endDate,
        voyageurs: reservations.guestsCount,
      })
      .from(reservations)
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(and(inArray(reservations.status, [...LIVE]), touches(reservations.startDate, reservations.endDate))),
    db
      .select({
        libelle: fluxIcal.libelle,
        appartementId: blocagesImportes.appartementId,
        debut: blocagesImportes.debut,
        fin: blocagesImportes.fin,
      })
      .from(blocagesImportes)
      .innerJoin(fluxIcal, eq(fluxIcal.id, blocagesImportes.fluxId))
      .where(touches(blocagesImportes.debut, blocagesImportes.fin)),
  ]);
  return [
    ...ours,
    ...imported.map((b) => ({
      reservationId: null,
      voyageur: b.libelle,
      appartementId: b.appartementId,
      debut: b.debut,
      fin: b.fin,
      voyageurs: null,
    })),
  ];
}

/** For each apartment, the first live arrival on or after each departure day (looked up once per apartment). */
async function nextArrivals(db: AppDb, appartementIds: number[], from: string): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (appartementIds.length === 0) return result;
  const [ours, imported] = await Promise.all([
    db
      .select({ appartementId: reservations.appartementId, debut: reservations.startDate })
      .from(reservations)
      .where(
        and(
          inArray(reservations.appartementId, appartementIds),
          inArray(reservations.status, ['en attente', 'confirmée']),
          gte(reservations.startDate, from),
        ),
      ),
    db
      .select({ appartementId: blocagesImportes.appartementId, debut: blocagesImportes.debut })
      .from(blocagesImportes)
      .where(and(inArray(blocagesImportes.appartementId, appartementIds), gte(blocagesImportes.debut, from))),
  ]);
  for (const row of [...ours, ...imported]) result.set(row.appartementId, [...(result.get(row.appartementId) ?? []), row.debut]);
  for (const dates of result.values()) dates.sort();
  return result;
}

export async function planning(db: AppDb, from: string, days: number): Promise<Planning> {
  const to = addDaysIso(from, days - 1);
  const stays = await staysAround(db, from, to);
  const ids = [...new Set(stays.map((s) => s.appartementId))];
  const [facts, ledgers, arrivalsAfter, done] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ id: appartements.id, titre: appartements.titre, regles: appartements.regles })
          .from(appartements)
          .where(inArray(appartements.id, ids)),
    ledgerSummaries(
      db,
      stays.flatMap((s) => (s.reservationId === null ? [] : [s.reservationId])),
    ),
    nextArrivals(db, ids, from),
    db
      .select({ appartementId: menages.appartementId, date: menages.date, faitLe: menages.faitLe, par: users.nom })
      .from(menages)
      .leftJoin(users, eq(users.id, menages.faitPar))
      .where(and(gte(menages.date, from), lte(menages.date, to))),
  ]);
  const apartment = new Map<number, ApartmentFacts>(facts.map((a) => [a.id, { titre: a.titre, regles: a.regles ?? {} }]));
  const factsOf = (id: number): ApartmentFacts => apartment.get(id) ?? { titre: '', regles: {} };
  const doneOn = new Map(done.map((d) => [`${d.appartementId}|${d.date}`, { le: d.faitLe.toISOString(), par: d.par }]));

  const movement = (s: Stay, heure: string): PlanningMouvement => {
    const ledger = s.reservationId === null ? undefined : ledgers.get(s.reservationId);
    return {
      reservationId: s.reservationId,
      voyageur: s.voyageur,
      appartementId: s.appartementId,
      appartementTitre: factsOf(s.appartementId).titre,
      debut: s.debut,
      fin: s.fin,
      voyageurs: s.voyageurs,
      resteDuCents: s.reservationId === null ? null : Math.max(0, ledger?.comptes.resteDuCents ?? 0),
      heure,
    };
  };
  const byApartmentTitle = (a: { appartementTitre: string }, b: { appartementTitre: string }) =>
    a.appartementTitre.localeCompare(b.appartementTitre, 'fr');

  const jours: PlanningJour[] = [];
  for (let i = 0; i < days; i += 1) {
    const date = addDaysIso(from, i);
    const arrivees = stays.filter((s) => s.debut === date).map((s) => movement(s, factsOf(s.appartementId).regles.arrivee ?? ''));
    const departs = stays.filter((s) => s.fin === date).map((s) => movement(s, factsOf(s.appartementId).regles.depart ?? ''));
    const menagesDuJour = [...new Set(departs.map((d) => d.appartementId))].map((appartementId): PlanningMenage => {
      const next = arrivalsAfter.get(appartementId)?.find((d) => d >= date) ?? null;
      const { titre, regles } = factsOf(appartementId);
      return {
        appartementId,
        appartementTitre: titre,
        rotation: next === date,
        departHeure: regles.depart ?? '',
        prochaineArrivee: next === null ? null : { date: next, heure: regles.arrivee ?? '' },
        fait: doneOn.get(`${appartementId}|${date}`) ?? null,
      };
    });
    jours.push({
      date,
      arrivees: arrivees.sort(byApartmentTitle),
      departs: departs.sort(byApartmentTitle),
      // Turnovers first: they have hours, not days, to be done.
      menages: menagesDuJour.sort((a, b) => Number(b.rotation) - Number(a.rotation) || byApartmentTitle(a, b)),
    });
  }
  return { jours };
}

/** Whether a stay (ours or imported) leaves this apartment that day, i.e. a cleaning is due. */
async function departureOn(db: AppDb, appartementId: number, date: string): Promise<boolean> {
  const stays = await staysAround(db, date, date);
  return stays.some((s) => s.appartementId === appartementId && s.fin === date);
}

export async function markCleaningDone(
  db: AppDb,
  input: { appartementId: number; date: string; adminId: number },
): Promise<PlanningMenage['fait']> {
  if (!(await departureOn(db, input.appartementId, input.date))) throw notFound(NO_CLEANING_THAT_DAY);
  const [row] = await db
    .insert(menages)
    .values({ appartementId: input.appartementId, date: input.date, faitPar: input.adminId })
    .onConflictDoUpdate({ target: [menages.appartementId, menages.date], set: { faitPar: input.adminId, faitLe: sql`now()` } })
    .returning({ faitLe: menages.faitLe });
  const [who] = await db.select({ nom: users.nom }).from(users).where(eq(users.id, input.adminId));
  return { le: row!.faitLe.toISOString(), par: who?.nom ?? null };
}

export async function unmarkCleaning(db: AppDb, input: { appartementId: number; date: string }): Promise<void> {
  await db.delete(menages).where(and(eq(menages.appartementId, input.appartementId), eq(menages.date, input.date)));
}
