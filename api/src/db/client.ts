/**
 * Opens the database: embedded PGlite by default (files under DATA_DIR/pglite), PostgreSQL through
 * node-postgres when DATABASE_URL is set. Both expose the same Drizzle API.
 */
import path from 'node:path';
import { ThreadedPglite } from './pglite-in-thread.js';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './pglite-lock.js';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: AppDb;
  kind: 'pglite' | 'postgres';
  /** Applies the SQL migrations (serialised across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Runs `fn` while holding a cross-process lock (seeding at start-up). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Connections of the pool (metrics); PGlite is one connection inside this process. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'drizzle');

// Arbitrary application-wide key for pg_advisory_lock.
const ADVISORY_KEY = 5_4057_2026;

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  inMemory?: boolean;
  poolSize?: number;
  /**
   * An in-memory PGlite starts as a copy of this dump of another one's data folder (PGlite's
   * `dumpDataDir`): the API tests start each server from one migrated and seeded database instead of
   * migrating and seeding again, which took most of their time.
   */
  snapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  if (options.inMemory) return openPglite(null, options.dataDir, options.snapshot);
  return openPglite(path.join(options.dataDir, 'pglite'), options.dataDir);
}

async function openPglite(dir: string | null, dataDir: string, snapshot?: Blob): Promise<Database> {
  const unlock = dir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    // In its own thread: PostgreSQL's work and the server's JavaScript run on two cores (pglite-in-thread.ts).
    // Drizzle's PGlite driver asks it what it asks PGlite (`query`, `transaction`).
    client = (await ThreadedPglite.create({ dataDir: dir, ...(snapshot ? { snapshot } : {}) })) as unknown as PGlite;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as AppDb;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    // PGlite is one connection inside this process: the lock file already makes it exclusive.
    exclusive: (fn) => fn(),
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    async close() {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const nodeDb = drizzlePg({ client: pool, schema });
  const exclusive = async <T>(fn: () => Promise<T>): Promise<T> => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [ADVISORY_KEY]);
      return await fn();
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [ADVISORY_KEY]).catch(() => undefined);
      lockClient.release();
    }
  };
  return {
    db: nodeDb as unknown as AppDb,
    kind: 'postgres',
    migrate: () => exclusive(() => migratePg(nodeDb, { migrationsFolder })),
    exclusive,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** SQLSTATE of a driver error (Drizzle wraps it in `cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function constraintName(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}
