/**
 * The version of each table the server keeps derived values of (issue 32, migration 0029): the
 * number of writes it has had, kept by its statement triggers in the writer's transaction. Read in
 * one row-per-table statement, it is the stamp of a `stampedCache`: it changes with every committed
 * write by any path or process, never with one not yet committed, and costs the same with 15 or 500
 * apartments (the row versions of every apartment it replaces were 500 rows per search).
 */
import type { AppDb } from '../db/client.js';
import { sumAppended } from '../db/appended-counts.js';

/** The tables whose writes migration 0029 counts (its triggers' loop names the same). */
const VERSIONED_TABLES = ['appartements', 'taxe_sejour_taux'] as const;

export type VersionedTable = (typeof VERSIONED_TABLES)[number];
export type TableVersions = Record<VersionedTable, string>;

const WRITES = { table: 'ecritures_comptees', key: 'sujet' } as const;

/** Each versioned table's version now. */
export async function tableVersions(db: AppDb): Promise<TableVersions> {
  const sums = await sumAppended(db, WRITES);
  return Object.fromEntries(VERSIONED_TABLES.map((table) => [table, String(sums.get(table) ?? 0)])) as TableVersions;
}
