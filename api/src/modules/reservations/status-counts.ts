/**
 * How many stays have a status, or any (issue 32), without counting `reservations`: the triggers of
 * migration 0028 append each write's differences to `reservations_par_statut` in the writer's own
 * transaction, so their sum is exactly count(*) in the reader's snapshot, whichever process wrote.
 * Nothing is cached in the process: there is nothing to invalidate.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { reservationsParStatut, type RESERVATION_STATUS_VALUES } from '../../db/schema.js';

type Status = (typeof RESERVATION_STATUS_VALUES)[number];

/** Beyond this many rows, a read folds them back into one per status (a few writes' worth of work). */
export const FOLD_AFTER_ROWS = 64;

/** Stays with this status (null: every stay). */
export async function countByStatus(db: AppDb, status: Status | null): Promise<number> {
  const rows = await db
    .select({
      status: reservationsParStatut.status,
      nombre: sql<number>`sum(${reservationsParStatut.nombre})::integer`,
      lignes: sql<number>`count(*)::integer`,
    })
    .from(reservationsParStatut)
    .groupBy(reservationsParStatut.status);
  if (rows.reduce((n, r) => n + r.lignes, 0) > FOLD_AFTER_ROWS) await foldStatusCounts(db);
  return rows.reduce((n, r) => (status === null || r.status === status ? n + r.nombre : n), 0);
}

/**
 * Replaces the rows by their sums, in one statement (a reader sees either all the rows or their
 * sums). Rows another fold holds are left to it (SKIP LOCKED: folds never wait for each other), and
 * a writer's rows not yet committed are not seen, so not removed: they count once it commits.
 */
export async function foldStatusCounts(db: AppDb): Promise<void> {
  await db.execute(sql`
    with "lues" as (select "id" from "reservations_par_statut" for update skip locked),
    "otees" as (
      delete from "reservations_par_statut" r using "lues" where r."id" = "lues"."id" returning r."status", r."nombre"
    )
    insert into "reservations_par_statut" ("status", "nombre")
      select "status", sum("nombre")::integer from "otees" group by "status" having sum("nombre") <> 0`);
}
