/**
 * What a PostgreSQL server's autovacuum does, for the embedded database, which has none: without it
 * the planner's statistics are those of the last seed however many stays are booked since, dead rows
 * left by updates and deletes are never reclaimed, and the visibility map goes stale, so counts read
 * the tables instead of their indexes (issue 32: the scale figures are taken after `VACUUM ANALYZE`).
 *
 * Once a day, a plain `VACUUM (ANALYZE)` of each table: it skips the pages already all-visible, so after the first
 * one it reads only what changed that day. PGlite is one connection: every request waits while it
 * runs, which is why it is timed and logged. On PostgreSQL the server's autovacuum does this, better.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';
import type { Scheduler } from '../jobs/scheduler.js';

export const EMBEDDED_MAINTENANCE_JOB = 'maintenance-base-embarquee';
const DAY_MS = 24 * 3600 * 1000;

export interface Maintained {
  tables: number;
  /** The whole run, and the longest single table: requests wait at most that long at a time. */
  durationMs: number;
  longestMs: number;
  longestTable: string | null;
}

/**
 * Vacuums and analyses the application's tables one statement each, so the requests queued on the one
 * connection are answered between two tables instead of after all of them.
 */
export async function maintainEmbedded(database: Pick<Database, 'db'>): Promise<Maintained> {
  const started = performance.now();
  const { rows } = (await database.db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  )) as { rows: Array<{ name: string }> };
  let longestMs = 0;
  let longestTable: string | null = null;
  for (const { name } of rows) {
    const t0 = performance.now();
    await database.db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
    const ms = performance.now() - t0;
    if (ms > longestMs) [longestMs, longestTable] = [ms, name];
  }
  return { tables: rows.length, durationMs: Math.round(performance.now() - started), longestMs: Math.round(longestMs), longestTable };
}

/** Declares the daily job on the embedded database only (a PostgreSQL server maintains itself). */
export function scheduleEmbeddedMaintenance(
  jobs: Scheduler,
  database: Pick<Database, 'db' | 'kind'>,
  log: (done: Maintained) => void,
): boolean {
  if (database.kind !== 'pglite') return false;
  jobs.every({ name: EMBEDDED_MAINTENANCE_JOB, intervalMs: DAY_MS, run: async () => log(await maintainEmbedded(database)) });
  return true;
}
