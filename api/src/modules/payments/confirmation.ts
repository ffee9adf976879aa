/**
 * The admin's 'Confirmer' (issue 31, DECISIONS 32): a reservation whose deposit has not arrived is
 * confirmed only with a reason, kept in the books beside the deposit still due; a cancelled stay
 * without money movements can be re-activated if its dates are still free.
 */
import { eq } from 'drizzle-orm';
import { sqlState, type AppDb } from '../../db/client.js';
import { reservations } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { depositPaid, ledgerSummary, recordMovement } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import { CANCELLED_IS_CLOSED, DATES_TAKEN } from '../reservations/service.js';

export const REASON_REQUIRED =
  "Cette réservation n'a pas reçu son acompte : indiquez la raison de la confirmer sans lui (3 à 500 caractères).";

export async function confirmReservation(
  db: AppDb,
  events: ReservationEvents,
  reservationId: number,
  adminId: number,
  raison: string | undefined,
): Promise<void> {
  const note = raison?.trim() ?? '';
  const confirmed = await db
    .transaction(async (tx) => {
      const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
      if (!row) throw notFound('Réservation introuvable.');
      if (row.status === 'confirmée') return false;
      const ledger = await ledgerSummary(tx, reservationId);
      if (row.status === 'annulée' && ledger.mouvements > 0) throw conflict(CANCELLED_IS_CLOSED);
      if (!depositPaid(ledger) && ledger.acompteDuCents > 0) {
        if (note.length < 3 || note.length > 500) throw badRequest(REASON_REQUIRED);
        // The deposit stays due (no deadline any more): the reason is kept in the books, beside it.
        await recordMovement(tx, {
          reservationId,
          type: 'acompte_du',
          montantCents: 0,
          auteur: 'admin',
          auteurId: adminId,
          note: `Confirmée sans acompte reçu : ${note}`,
        });
      }
      await tx
        .update(reservations)
        .set({ status: 'confirmée', paiementEcheance: null, updatedAt: new Date() })
        .where(eq(reservations.id, reservationId));
      return true;
    })
    .catch((error: unknown) => {
      // Re-activating a cancelled stay whose dates were taken since.
      if (sqlState(error) === '23P01') throw conflict(DATES_TAKEN);
      throw error;
    });
  if (confirmed) await events.publish({ type: 'confirmée', reservationId });
}
