import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { EMBEDDED_MAINTENANCE_JOB } from '../src/db/maintenance.js';
import { createScheduler } from '../src/jobs/scheduler.js';
import { startServer, type TestServer } from './helpers.js';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(async () => server.close());

function scheduler(holder: string) {
  const errors: string[] = [];
  const s = createScheduler({
    db: server.database.db,
    enabled: false,
    holder,
    runJob: (_job, fn) => fn(),
    onError: (error) => errors.push(String(error)),
  });
  return { s, errors };
}

test('a job runs in one process per interval: the second process finds the lease taken', async () => {
  const runs: string[] = [];
  const a = scheduler('a');
  const b = scheduler('b');
  for (const [name, x] of [
    ['a', a],
    ['b', b],
  ] as const)
    x.s.every({ name: 'lease-test', intervalMs: 60_000, run: async () => void runs.push(name) });
  assert.equal(await a.s.runNow('lease-test'), true);
  assert.equal(await b.s.runNow('lease-test'), false);
  assert.equal(await a.s.runNow('lease-test'), true, 'the holder runs again');
  assert.deepEqual(runs, ['a', 'a']);
  // The holder disappears: once its lease has ended, the other process takes over.
  await server.database.db.execute(sql`update job_leases set expires_at = now() - interval '1 second' where name = 'lease-test'`);
  assert.equal(await b.s.runNow('lease-test'), true);
  assert.deepEqual(runs, ['a', 'a', 'b']);
});

test('a failing job records its error and the next run clears it', async () => {
  const { s, errors } = scheduler('c');
  let fail = true;
  s.every({
    name: 'failing-test',
    intervalMs: 60_000,
    run: async () => {
      if (fail) throw new Error('SMTP indisponible');
    },
  });
  assert.equal(await s.runNow('failing-test'), true);
  assert.deepEqual(errors, ['Error: SMTP indisponible']);
  const rows = (await server.database.db.execute(
    sql`select last_error, last_run_at from job_leases where name = 'failing-test'`,
  )) as unknown as { rows: Array<{ last_error: string | null; last_run_at: unknown }> };
  assert.equal(rows.rows[0]?.last_error, 'SMTP indisponible');
  fail = false;
  await s.runNow('failing-test');
  const again = (await server.database.db.execute(sql`select last_error from job_leases where name = 'failing-test'`)) as unknown as {
    rows: Array<{ last_error: string | null }>;
  };
  assert.equal(again.rows[0]?.last_error, null);
});

test('started timers run the job, and stop() waits for the run in progress', async () => {
  const s = createScheduler({
    db: server.database.db,
    enabled: true,
    holder: 'timer',
    runJob: (_job, fn) => fn(),
    onError: () => undefined,
  });
  let runs = 0;
  let release!: () => void;
  const blocked = new Promise<void>((resolve) => (release = resolve));
  s.every({
    name: 'timer-test',
    intervalMs: 50,
    runAtStart: true,
    run: async () => {
      runs += 1;
      await blocked;
    },
  });
  s.start();
  while (runs === 0) await new Promise((r) => setTimeout(r, 10));
  let stopped = false;
  const stopping = s.stop().then(() => (stopped = true));
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(stopped, false, 'stop waits for the running job');
  release();
  await stopping;
  assert.equal(runs, 1, 'an overlapping tick does not start a second run');
});

test('the app exposes the scheduler, and an unknown job is an error', async () => {
  await assert.rejects(server.app.jobs.runNow('inconnue'), /Tâche inconnue/);
});

test('the embedded database is vacuumed and analysed by a daily job; a PostgreSQL server keeps its own autovacuum', async () => {
  if (server.database.kind !== 'pglite') {
    await assert.rejects(server.app.jobs.runNow(EMBEDDED_MAINTENANCE_JOB), /Tâche inconnue/);
    return;
  }
  // Half the rows deleted since: the analysis counts the live ones (the statistics views' counters lag
  // in a single-connection database, so the check reads pg_class, which VACUUM and ANALYZE write).
  await server.database.db.execute(sql`create table maintenance_essai (id int)`);
  await server.database.db.execute(sql`insert into maintenance_essai select generate_series(1, 2000)`);
  await server.database.db.execute(sql`delete from maintenance_essai where id % 2 = 0`);
  assert.equal(await server.app.jobs.runNow(EMBEDDED_MAINTENANCE_JOB, { force: true }), true);
  const stats = (await server.database.db.execute(
    sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'maintenance_essai'`,
  )) as unknown as { rows: Array<{ last_vacuum: unknown; last_analyze: unknown }> };
  const row = stats.rows[0]!;
  assert.ok(row.last_vacuum, 'vacuumed');
  assert.ok(row.last_analyze, 'analysed');
  // The planner knows the table's size from the analysis, not from a guess.
  const planned = (await server.database.db.execute(
    sql`select reltuples from pg_class where relname = 'maintenance_essai'`,
  )) as unknown as {
    rows: Array<{ reltuples: number }>;
  };
  assert.equal(Number(planned.rows[0]!.reltuples), 1000);
  await server.database.db.execute(sql`drop table maintenance_essai`);
  const lease = (await server.database.db.execute(
    sql`select last_error from job_leases where name = ${EMBEDDED_MAINTENANCE_JOB}`,
  )) as unknown as { rows: Array<{ last_error: string | null }> };
  assert.equal(lease.rows[0]?.last_error, null);
});
