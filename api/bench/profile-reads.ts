/**
 * Profile of the reads of issue 32 in process (no HTTP): each service call timed on a seeded
 * DATA_DIR (PROFILE_DATA_DIR, opened in place: use a copy), median of PROFILE_RUNS runs, and
 * EXPLAIN ANALYZE of the queries behind them with PROFILE_EXPLAIN=1.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase } from '../src/db/client.js';
import { parseSearch, searchAppartements, candidatesQuery } from '../src/modules/appartements/search.js';
import { townsOf } from '../src/modules/appartements/towns.js';
import { appartementExists, PUBLIC_ONLY, selectAppartements } from '../src/modules/appartements/service.js';
import { unavailableDays } from '../src/modules/reservations/service.js';
import { adminReservationsPage, parseAdminFilters } from '../src/modules/reservations/admin-list.js';
import { quoteFor } from '../src/modules/pricing/quote.js';
import { appartements } from '../src/db/schema.js';

const dataDir = process.env.PROFILE_DATA_DIR!;
const RUNS = Number(process.env.PROFILE_RUNS ?? 15);
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir });
let t = performance.now();
await database.migrate();
console.log(`migrate ${(performance.now() - t).toFixed(0)} ms`);
const db = database.db;
const today = todayIn('Europe/Paris');
const limits = { maxNights: 60, maxMonthsAhead: 18 };
let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const stay = () => {
  const arrivee = addDaysIso(today, 1 + Math.floor(random() * 150));
  return { arrivee, depart: addDaysIso(arrivee, 2 + Math.floor(random() * 5)) };
};
const ids = (await db.select({ id: appartements.id }).from(appartements).where(eq(appartements.publie, true))).map((r) => r.id);
const anyId = () => ids[Math.floor(random() * ids.length)]!;

async function time(name: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const all: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await run();
    all.push(performance.now() - t0);
  }
  all.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(40)} median ${all[Math.floor(all.length / 2)]!.toFixed(1).padStart(7)} ms  max ${all.at(-1)!.toFixed(1).padStart(7)} ms`,
  );
}

async function explain(name: string, query: SQL | { getSQL(): SQL }): Promise<void> {
  if (!process.env.PROFILE_EXPLAIN) return;
  const result = (await db.execute(sql`explain (analyze, buffers off) ${query}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
  console.log(`--- ${name}\n${result.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}

const only = process.env.PROFILE_ONLY;
const want = (name: string) => !only || only.split(',').some((o) => name.includes(o));

if (want('recherche')) {
  await time('recherche par dates', () => {
    const s = stay();
    return searchAppartements(db, parseSearch({ ...s, adultes: '2' }, limits), PUBLIC_ONLY);
  });
  await time('recherche par dates, tri prix', () => {
    const s = stay();
    return searchAppartements(db, parseSearch({ ...s, adultes: '2', tri: 'prix' }, limits), PUBLIC_ONLY);
  });
  await time('recherche par dates, tri note', () => {
    const s = stay();
    return searchAppartements(db, parseSearch({ ...s, adultes: '2', tri: 'note' }, limits), PUBLIC_ONLY);
  });
  await time('liste sans dates (page)', () =>
    searchAppartements(db, parseSearch({ page: String(1 + Math.floor(random() * 20)) }, limits), PUBLIC_ONLY),
  );
  const towns = await townsOf(db, PUBLIC_ONLY);
  await time('  townsOf', () => townsOf(db, PUBLIC_ONLY));
  await time('  candidats (dates)', () => candidatesQuery(db, parseSearch({ ...stay(), adultes: '2' }, limits), PUBLIC_ONLY, towns));
  await time('  candidats (sans dates)', () => candidatesQuery(db, parseSearch({ page: '2' }, limits), PUBLIC_ONLY, towns));
  await time('  24 logements entiers', () => selectAppartements(db, PUBLIC_ONLY, inArray(appartements.id, ids.slice(0, 24))));
  await explain('candidats (dates)', candidatesQuery(db, parseSearch({ ...stay(), adultes: '2' }, limits), PUBLIC_ONLY, towns));
}
if (want('dispo')) {
  await time('disponibilités', async () => {
    const id = anyId();
    await appartementExists(db, id);
    return unavailableDays(db, id);
  });
}
if (want('devis')) {
  const rows = await db.select().from(appartements).where(inArray(appartements.id, ids));
  await time('devis', () => {
    const s = stay();
    const row = rows[Math.floor(random() * rows.length)]!;
    return quoteFor(db, { ...row, prixParNuit: Number(row.prixParNuit) }, s.arrivee, s.depart, { adultes: 2, enfants: 0 }).catch(
      () => null,
    );
  });
}
if (want('admin')) {
  await time('admin réservations', () => adminReservationsPage(db, parseAdminFilters({ page: String(1 + Math.floor(random() * 20)) })));
  await time('admin réservations confirmées', () =>
    adminReservationsPage(db, parseAdminFilters({ page: String(1 + Math.floor(random() * 20)), statut: 'confirmée' })),
  );
}
t = performance.now();
await database.close();
console.log(`close ${(performance.now() - t).toFixed(0)} ms`);
