/**
 * Numbers kept exact by statement triggers that append each write's difference as a row
 * (`reservations_par_statut`, `ecritures_comptees`): a reader's sum per key is the number in its own
 * snapshot, whichever process wrote, and writers never wait on a shared row. The reads add the rows
 * up (`sumAppended`) and fold them back into one per key once there are many.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from './client.js';

/** Beyond this many rows, a read folds them back into one per key (a few writes' worth of work). */
export const FOLD_AFTER_ROWS = 64;

export type AppendedCounts = { table: 'reservations_par_statut'; key: 'status' } | { table: 'ecritures_comptees'; key: 'sujet' };

/** The sum of each key's rows, read in one statement (and folded when they have grown past FOLD_AFTER_ROWS). */
export async function sumAppended(db: AppDb, counts: AppendedCounts): Promise<Map<string, number>> {
  const table = sql.identifier(counts.table);
  const key = sql.identifier(counts.key);
  type Row = { cle: string; nombre: number; lignes: number };
  const { rows } = (await db.execute<Row>(
    sql`select ${key} as "cle", sum("nombre")::integer as "nombre", count(*)::integer as "lignes" from ${table} group by ${key}`,
  )) as { rows: Row[] };
  if (rows.reduce((n, r) => n + r.lignes, 0) > FOLD_AFTER_ROWS) await foldAppended(db, counts);
  return new Map(rows.map((r) => [r.cle, r.nombre]));
}

/**
 * Replaces the rows by their sums, in one statement (a reader sees either all the rows or their
 * sums). Rows another fold holds are left to it (SKIP LOCKED: folds never wait for each other), and
 * a writer's rows not yet committed are not seen, so not removed: they count once it commits.
 */
async function foldAppended(db: AppDb, counts: AppendedCounts): Promise<void> {
  const table = sql.identifier(counts.table);
  const key = sql.identifier(counts.key);
  await db.execute(sql`
    with "lues" as (select "id" from ${table} for update skip locked),
    "otees" as (delete from ${table} r using "lues" where r."id" = "lues"."id" returning r.${key}, r."nombre")
    insert into ${table} (${key}, "nombre")
      select ${key}, sum("nombre")::integer from "otees" group by ${key} having sum("nombre") <> 0`);
}
