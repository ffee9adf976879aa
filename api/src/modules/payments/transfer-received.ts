/**
 * The deposit paid by bank transfer (issue 13, DECISIONS 33): an admin marks it received, which
 * confirms a waiting reservation; money for a cancelled stay is owed back instead. The balance's
 * transfer is balance.ts's; the instructions the guest follows are virement.ts's.
 */
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { reservations } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { depositPaid, ledgerSummary, recordMovement } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import { oweRefund } from './refunds.js';
import { cents } from './stripe-checkout.js';
import { transferReference } from './virement.js';

export const NOT_AWAITING_DEPOSIT = "L'acompte de cette réservation est déjà reçu.";

export async function depositReceived(db: AppDb, events: ReservationEvents, reservationId: number, adminId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reservations).where(eq(reservations.id, reservationId)).for('update').limit(1);
    if (!row) throw notFound('Réservation introuvable.');
    const ledger = await ledgerSummary(tx, reservationId);
    if (depositPaid(ledger)) throw conflict(NOT_AWAITING_DEPOSIT);
    const amount = Math.max(ledger.acompteDuCents, cents(row.deposit));
    await recordMovement(tx, {
      reservationId,
      type: 'acompte_recu',
      montantCents: amount,
      moyen: 'virement',
      reference: transferReference(reservationId),
      auteur: 'admin',
      auteurId: adminId,
    });
    if (row.status === 'annulée') {
      // DECISIONS 33: money for a cancelled stay is not applied to it: it is a refund to make.
      await oweRefund(tx, reservationId, amount, {
        auteur: 'admin',
        auteurId: adminId,
        note: 'Virement reçu pour une réservation annulée',
      });
      await events.publishIn(tx, {
        type: 'paiement non appliqué',
        reservationId,
        montantCents: amount,
        motif: 'virement reçu pour une réservation annulée : à rembourser au client',
      });
      return;
    }
    if (row.status === 'en attente') {
      await tx
        .update(reservations)
        .set({ status: 'confirmée', paiementEcheance: null, updatedAt: new Date() })
        .where(eq(reservations.id, reservationId));
      await events.publishIn(tx, { type: 'confirmée', reservationId });
    }
  });
}
