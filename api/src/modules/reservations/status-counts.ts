/**
 * How many stays have a status, or any (issue 32), without counting `reservations`: the triggers of
 * migration 0028 append each write's differences to `reservations_par_statut` in the writer's own
 * transaction, so their sum is exactly count(*) in the reader's snapshot, whichever process wrote.
 * Nothing is cached in the process: there is nothing to invalidate.
 */
import type { AppDb } from '../../db/client.js';
import { sumAppended } from '../../db/appended-counts.js';
import type { RESERVATION_STATUS_VALUES } from '../../db/schema.js';

type Status = (typeof RESERVATION_STATUS_VALUES)[number];

const STATUS_COUNTS = { table: 'reservations_par_statut', key: 'status' } as const;

/** Stays with this status (null: every stay). */
export async function countByStatus(db: AppDb, status: Status | null): Promise<number> {
  const sums = await sumAppended(db, STATUS_COUNTS);
  return status === null ? [...sums.values()].reduce((n, v) => n + v, 0) : (sums.get(status) ?? 0);
}
