/**
 * Unpaid holds that expire (issue 13, DECISIONS 21): a reservation still 'en attente' past its
 * payment deadline (Stripe's hold, or the transfer's) is cancelled by the system, unless its
 * deposit arrived meanwhile.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { reservations } from '../../db/schema.js';
import { depositPaid, ledgerSummary } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import { cancelStay, type CancelOutcome } from './cancellation.js';

/** The scheduler's name of the job that cancels unpaid holds and overdue transfers. */
export const PAYMENT_EXPIRY_JOB = 'paiements-echeances';

/**
 * Cancels every reservation whose deadline has passed, each in its own transaction; `afterCancel`
 * runs once that transaction has committed (refunds, open sessions). Returns how many were cancelled.
 */
export async function expireOverdue(
  db: AppDb,
  events: ReservationEvents,
  afterCancel: (reservationId: number, outcome: CancelOutcome) => Promise<void>,
): Promise<number> {
  const overdue = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'en attente'), lt(reservations.paiementEcheance, sql`now()`)))
    .orderBy(asc(reservations.id));
  let count = 0;
  for (const { id } of overdue) {
    const outcome = await db.transaction(async (tx) => {
      // Checked again under the row's lock: a payment that just arrived wins over the deadline.
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, id)).for('update').limit(1);
      if (!row || row.status !== 'en attente' || !row.paiementEcheance || row.paiementEcheance.getTime() > Date.now()) return null;
      if (depositPaid(await ledgerSummary(tx, id))) return null;
      const done = await cancelStay(tx, id, { par: 'système' });
      if (done)
        await events.publishIn(tx, { type: 'annulée', reservationId: id, par: 'système', remboursementCents: done.remboursementCents });
      return done;
    });
    if (!outcome) continue;
    count += 1;
    await afterCancel(id, outcome);
  }
  return count;
}
