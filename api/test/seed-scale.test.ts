/**
 * Issue 32 item 5: `npm run seed:scale` on an empty embedded database, small (30 apartments, 1 year):
 * what it loads is consistent (towns, no double booking, books and factures, occupancy), and it
 * refuses, with its French message and a non-zero exit, a database that already has apartments.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';
import { CATALOGUE_NOT_EMPTY, CatalogueNotEmpty, seedScale, type ScaleReport } from '../src/seed/scale/load.js';
import { historyMailsOf } from '../src/seed/scale/history-mails.js';
import { loadConfig } from '../src/config.js';
import { queueAccessMails } from '../src/mail/access-mails.js';
import { queueStayDateMails } from '../src/mail/dated-mails.js';
import { TOWNS } from '../src/seed/scale/towns.js';
import { TEST_SCRYPT_COST } from './helpers.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let database: Database;
let report: ScaleReport;
let seconds: number;
// On disk, as the command uses it: the last test runs the command on this same folder.
const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-seed-scale-'));

before(async () => {
  database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  const started = performance.now();
  report = await seedScale(database.db, {
    appartements: 30,
    annees: 1,
    soldeJours: 7,
    scryptCost: TEST_SCRYPT_COST,
    mails: historyMailsOf(database.db, loadConfig({})),
  });
  seconds = (performance.now() - started) / 1000;
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
};

test('30 apartments over real towns with coordinates, and a year of stays at a seasonal occupancy', async () => {
  assert.ok(seconds < 45, `chargé en ${seconds.toFixed(1)} s`);
  const counts = await one<{ n: number; villes: number; sans_coord: number; inconnues: number }>(
    sql`select count(*)::int as n, count(distinct ville)::int as villes, count(*) filter (where latitude is null)::int as sans_coord,
        count(*) filter (where ville <> all(${sql.raw(`array[${TOWNS.map((t) => `'${t.nom.replace(/'/g, "''")}'`).join(',')}]`)}))::int as inconnues
        from appartements where publie`,
  );
  assert.deepEqual(counts, { n: 30, villes: report.villes, sans_coord: 0, inconnues: 0 });
  // Drawn by weight: Metz and the big towns first, a dozen towns or more for 30 apartments.
  assert.ok(report.villes >= 12, `${report.villes} villes`);
  assert.equal(report.appartements, 30);
  const stays = await one<{ n: number; terminees: number; futures: number }>(
    sql`select count(*)::int as n, count(*) filter (where status = 'terminée')::int as terminees,
        count(*) filter (where status = 'confirmée' and start_date > current_date)::int as futures from reservations`,
  );
  assert.equal(stays.n, report.reservations);
  // About a stay every three or four nights, on 30 apartments: hundreds finished, some ahead.
  assert.ok(stays.terminees > 30 * 40, `${stays.terminees} séjours terminés`);
  assert.ok(stays.futures > 30, `${stays.futures} séjours à venir`);
  assert.ok(
    report.nuitsOccupeesPourcent.saison >= 50 && report.nuitsOccupeesPourcent.saison <= 75,
    JSON.stringify(report.nuitsOccupeesPourcent),
  );
  assert.ok(report.nuitsOccupeesPourcent.horsSaison < report.nuitsOccupeesPourcent.saison);
});

test('no two active stays or a stay and an imported night overlap; every imported night blocks its apartment', async () => {
  const overlaps = await one<{ n: number }>(
    sql`select count(*)::int as n from occupations a join occupations b on a.appartement_id = b.appartement_id and a.id < b.id
        and a.actif and b.actif and daterange(a.debut, a.fin, '[)') && daterange(b.debut, b.fin, '[)')`,
  );
  assert.equal(overlaps.n, 0);
  const imported = await one<{ n: number }>(
    sql`select count(*)::int as n from occupations where genre = 'blocage' and actif and blocage_id is not null`,
  );
  assert.equal(imported.n, report.nuitsImportees);
  assert.ok(report.fluxIcal > 0 && report.nuitsImportees > 0);
});

test('the books: a finished stay is paid in full, a cancelled one owes nothing, each amount received has its facture numbered without gaps', async () => {
  const balances = await one<{ terminees_dues: number; annulees_dues: number }>(
    sql`with b as (select r.id, r.status, r.total_price,
          sum(m.montant_cents) filter (where m.type in ('acompte_du','solde_du')) - coalesce(sum(m.montant_cents) filter (where m.type = 'annulation_du'), 0) as du,
          coalesce(sum(m.montant_cents) filter (where m.type in ('acompte_recu','solde_recu')), 0) as recu
        from reservations r join mouvements m on m.reservation_id = r.id group by r.id)
        select count(*) filter (where status = 'terminée' and (du <> recu or du <> round(total_price * 100)))::int as terminees_dues,
               count(*) filter (where status = 'annulée' and (du <> 0 or recu <> 0))::int as annulees_dues from b`,
  );
  assert.deepEqual(balances, { terminees_dues: 0, annulees_dues: 0 });
  const invoices = await one<{ recus: number; factures: number; sans: number; trous: number }>(
    sql`select (select count(*)::int from mouvements where type in ('acompte_recu','solde_recu')) as recus,
        (select count(*)::int from factures) as factures,
        (select count(*)::int from mouvements m where type in ('acompte_recu','solde_recu') and not exists (select 1 from factures f where f.mouvement_id = m.id)) as sans,
        (select count(*)::int from (select annee, max(rang) - count(*) as gap from factures group by annee, type) g where gap <> 0) as trous`,
  );
  assert.equal(invoices.factures, report.factures);
  assert.equal(invoices.recus, invoices.factures);
  assert.equal(invoices.sans, 0);
  assert.equal(invoices.trous, 0);
  // The counters continue after the seeded numbers: the next payment gets the next number.
  const counters = await one<{ ok: boolean }>(
    sql`select bool_and(c.dernier = (select max(rang) from factures f where f.annee = c.annee and f.type = c.type)) as ok from compteurs_factures c`,
  );
  assert.equal(counters.ok, true);
  assert.ok(report.avis > 0 && report.messages > 0);
});

test('the mails the history had sent by now are recorded as sent: the mail jobs of a server started on it find none due', async () => {
  const mails = await one<{ envoyes: number; en_attente: number; invitations: number; autres: number }>(
    sql`select count(*) filter (where status = 'sent' and sent_at is not null)::int as envoyes,
        count(*) filter (where status <> 'sent')::int as en_attente,
        count(*) filter (where kind = 'invitation-avis')::int as invitations,
        count(*) filter (where kind <> 'invitation-avis')::int as autres from mail_queue`,
  );
  // The stays that ended in the last two weeks were invited to review; those ahead had their reminders.
  assert.ok(mails.invitations > 0 && mails.autres > 0, JSON.stringify(mails));
  assert.deepEqual({ envoyes: mails.envoyes, en_attente: mails.en_attente }, { envoyes: report.courriels, en_attente: 0 });
  const history = historyMailsOf(database.db, loadConfig({}));
  const now = new Date();
  // And without writing again each mail sent: the hourly run reads the due stays and the keys they used, not each stay.
  let reads = 0;
  const counted = new Proxy(database.db, {
    get(target, key, receiver) {
      if (key === 'select' || key === 'execute' || key === 'transaction') reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  assert.equal(await queueStayDateMails(counted, history.site, history.payments, now), 0);
  assert.ok(reads <= 6, `${reads} lectures pour ${mails.envoyes} courriels déjà envoyés`);
  assert.equal(await queueAccessMails(database.db, history.site, now, history.accesJours), 0);
});

test('a second run refuses the catalogue already there', async () => {
  await assert.rejects(
    seedScale(database.db, {
      appartements: 1,
      annees: 1,
      soldeJours: 7,
      scryptCost: TEST_SCRYPT_COST,
      mails: historyMailsOf(database.db, loadConfig({})),
    }),
    (error: unknown) => error instanceof CatalogueNotEmpty && error.message === CATALOGUE_NOT_EMPTY,
  );
});

test('the command refuses a non-empty catalogue with its French message and a non-zero exit', async () => {
  await database.close();
  const command = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/seed-scale.ts', ...args], {
      cwd: apiDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
  const run = command('--appartements', '2', '--annees', '1');
  assert.equal(run.status, 1, run.stderr);
  assert.equal(run.stderr.trim(), CATALOGUE_NOT_EMPTY);
  const bad = command('--appartements', 'beaucoup');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--appartements doit être un entier entre 1 et 5000\./);
});
