/**
 * Issue 32 item 5: the search by dates reads reservations and occupied nights through indexes, never
 * by scanning them (their rows grow with every stay of every year). On a seeded catalogue (30
 * apartments, a year of history), after ANALYZE, the plan of the search's query (the same builder
 * searchAppartements runs) has no sequential scan of either table, on PGlite and on PostgreSQL; nor
 * has the admin calendar's month of stays (the builder calendarOf runs, index of migration 0027), nor
 * its stays and blocked days of one page of apartments (the timeline's, by apartment) or of one apartment
 * (the month view's), nor the admin
 * reservations page's (its ids read newest arrivals first by an index, the OFFSET included, then its rows by key).
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, test } from 'node:test';
import { asc, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase, type Database } from '../src/db/client.js';
import { candidatesQuery, parseSearch } from '../src/modules/appartements/search.js';
import { blockedDaysQuery, staysOfPeriodQuery } from '../src/modules/calendriers/admin-calendar.js';
import { appartements, occupations, reservations } from '../src/db/schema.js';
import { adminPageQuery, parseAdminFilters } from '../src/modules/reservations/admin-list.js';
import { countByStatus } from '../src/modules/reservations/status-counts.js';
import { townsOf } from '../src/modules/appartements/towns.js';
import { PARIS, PUBLIC_ONLY } from '../src/modules/appartements/service.js';
import { seedScale } from '../src/seed/scale/load.js';
import { historyMailsOf } from '../src/seed/scale/history-mails.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, TEST_SCRYPT_COST, type TestDatabase } from './helpers.js';

let testDb: TestDatabase;
let database: Database;

before(async () => {
  testDb = await createTestDatabase();
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: tmpdir(), inMemory: true });
  await database.migrate();
  await seedScale(database.db, {
    appartements: 30,
    annees: 1,
    soldeJours: 7,
    scryptCost: TEST_SCRYPT_COST,
    mails: historyMailsOf(database.db, loadConfig({})),
  });
  await database.db.execute(sql`analyze`);
});
after(async () => {
  await database.close();
  await testDb.drop();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

async function planOf(query: Parameters<typeof candidatesQuery>[1]): Promise<PlanNode> {
  const towns = await townsOf(database.db, PUBLIC_ONLY);
  return explain(candidatesQuery(database.db, query, PUBLIC_ONLY, towns));
}

async function explain(query: SQLWrapper): Promise<PlanNode> {
  const result = (await database.db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = result.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return plan[0]!.Plan;
}

const limits = { maxNights: 60, maxMonthsAhead: 18 };

for (const [name, ahead, query] of [
  ['a weekend next month', 30, {}],
  ['a week in three months, for four, by price', 90, { adultes: '4', tri: 'prix' }],
  ['tomorrow night in one town', 1, { localisation: 'Metz Centre' }],
] as const) {
  test(`the search by dates (${name}) scans neither reservations nor occupied nights`, async () => {
    const arrivee = addDaysIso(todayIn(PARIS), ahead);
    const criteria = parseSearch({ arrivee, depart: addDaysIso(arrivee, ahead === 90 ? 7 : 2), ...query }, limits);
    const plan = await planOf(criteria);
    const scanned = scans(plan);
    assert.ok(!scanned.includes('reservations'), `parcours séquentiel de reservations : ${JSON.stringify(plan)}`);
    assert.ok(!scanned.includes('occupations'), `parcours séquentiel de occupations : ${JSON.stringify(plan)}`);
    // The plan does read both tables (through their indexes): the search still checks every night.
    const text = JSON.stringify(plan);
    assert.match(text, /"Relation Name":"reservations"/);
    assert.match(text, /"Relation Name":"occupations"/);
  });
}

test('the admin calendar’s month of stays does not scan reservations', async () => {
  const du = `${todayIn(PARIS).slice(0, 8)}01`;
  const end = `${addDaysIso(du, 31).slice(0, 8)}01`;
  const plan = await explain(staysOfPeriodQuery(database.db, du, end));
  assert.ok(!scans(plan).includes('reservations'), `parcours séquentiel de reservations : ${JSON.stringify(plan)}`);
  assert.match(JSON.stringify(plan), /"Index Name":"reservations_fin_idx"/);
});

test('the admin timeline’s page of apartments reads its stays and blocked days by apartment, not by scans', async () => {
  const du = `${todayIn(PARIS).slice(0, 8)}01`;
  const end = `${addDaysIso(du, 31).slice(0, 8)}01`;
  // A page of 3 apartments of the 30: the share of a page of the client (50 of 500).
  const page = await database.db.select({ id: appartements.id }).from(appartements).orderBy(asc(appartements.titre)).limit(3);
  const ids = page.map((a) => a.id);
  const stays = await explain(staysOfPeriodQuery(database.db, du, end, inArray(reservations.appartementId, ids)));
  assert.ok(!scans(stays).includes('reservations'), `parcours séquentiel de reservations : ${JSON.stringify(stays)}`);
  assert.match(JSON.stringify(stays), /"Index Cond":"\(\(appartement_id = ANY/, JSON.stringify(stays));
  const days = await explain(blockedDaysQuery(database.db, du, end, inArray(occupations.appartementId, ids)));
  assert.ok(!scans(days).includes('occupations'), `parcours séquentiel de occupations : ${JSON.stringify(days)}`);
  // By apartment: `occupations_appartement_debut_idx`, or `occupations_blocage_idx` (the same, of blocks only).
  assert.match(JSON.stringify(days), /"Index Cond":"\(\(appartement_id = ANY/, JSON.stringify(days));
});

test('the admin timeline reads its guests’ names by id, never hashing every user', async () => {
  const du = `${todayIn(PARIS).slice(0, 8)}01`;
  const end = `${addDaysIso(du, 31).slice(0, 8)}01`;
  const page = await database.db.select({ id: appartements.id }).from(appartements).orderBy(asc(appartements.titre)).limit(3);
  const query = staysOfPeriodQuery(
    database.db,
    du,
    end,
    inArray(
      reservations.appartementId,
      page.map((a) => a.id),
    ),
  );
  // The subquery names both tables (an unqualified "id" would be the user's own, "user_id" the stay's only by luck).
  assert.match(query.toSQL().sql, /\(select "users"\."nom" from "users" where "users"\."id" = "reservations"\."user_id"\)/);
  const plan = JSON.stringify(await explain(query));
  // Joined, the planner hashed every user for a page's stays (18,000 users at scale).
  assert.doesNotMatch(plan, /"Node Type":"Hash"/, plan);
  const stays = await query;
  assert.ok(stays.length > 0 && stays.every((s) => typeof s.client === 'string' && s.client !== ''), 'every stay has its guest’s name');
});

test('the admin month view’s one apartment reads its stays and blocked days by apartment, not by scans', async () => {
  const du = `${todayIn(PARIS).slice(0, 8)}01`;
  const end = `${addDaysIso(du, 31).slice(0, 8)}01`;
  const [one] = await database.db.select({ id: appartements.id }).from(appartements).orderBy(asc(appartements.titre)).limit(1);
  // As calendarOfApartment asks: a list of one id (`= ANY` or, simplified by the planner, `=`).
  const stays = await explain(staysOfPeriodQuery(database.db, du, end, inArray(reservations.appartementId, [one!.id])));
  assert.ok(!scans(stays).includes('reservations'), `parcours séquentiel de reservations : ${JSON.stringify(stays)}`);
  assert.match(JSON.stringify(stays), /"Index Cond":"\(\(?appartement_id = /, JSON.stringify(stays));
  const days = await explain(blockedDaysQuery(database.db, du, end, inArray(occupations.appartementId, [one!.id])));
  assert.ok(!scans(days).includes('occupations'), `parcours séquentiel de occupations : ${JSON.stringify(days)}`);
  assert.match(JSON.stringify(days), /"Index Cond":"\(\(?appartement_id = /, JSON.stringify(days));
});

for (const [name, query] of [
  ['every stay, page 5', { page: '5' }],
  ['the confirmed stays, page 3', { page: '3', statut: 'confirmée' }],
] as const) {
  test(`the admin reservations page (${name}) reads its stays by indexes, not by scanning them`, async () => {
    const plan = await explain(adminPageQuery(database.db, parseAdminFilters(query), undefined));
    assert.ok(!scans(plan).includes('reservations'), `parcours séquentiel de reservations : ${JSON.stringify(plan)}`);
    // The page's rows themselves by their primary key.
    assert.match(JSON.stringify(plan), /"Index Name":"reservations_pkey"/);
    // The ids in order from the arrivals index, or by status then arrival (migration 0028).
    const index = 'statut' in query ? 'reservations_statut_arrivee_idx' : 'reservations_arrivee_idx';
    assert.match(JSON.stringify(plan), new RegExp(`"Index Name":"${index}"`));
    // Each row's books summed in the same statement, by reservation.
    assert.ok(!scans(plan).includes('mouvements'), `parcours séquentiel de mouvements : ${JSON.stringify(plan)}`);
    assert.match(JSON.stringify(plan), /"Index Name":"mouvements_reservation_idx"/);
  });
}

test('the counts by status the triggers keep are count(*) after the bulk inserts of the seed', async () => {
  const result = (await database.db.execute(sql`select status, count(*)::int as n from reservations group by status`)) as unknown as {
    rows: { status: 'en attente' | 'confirmée' | 'annulée' | 'terminée'; n: number }[];
  };
  assert.ok(result.rows.length >= 3, JSON.stringify(result.rows));
  for (const row of result.rows) assert.equal(await countByStatus(database.db, row.status), row.n, row.status);
  assert.equal(
    await countByStatus(database.db, null),
    result.rows.reduce((n, r) => n + r.n, 0),
  );
});
