/**
 * What the reservation page needs about money, for its guest or an admin: the books, the transfer
 * awaited, how the balance is paid, and where a transfer refund goes.
 */
import { eq } from 'drizzle-orm';
import type { Reservation } from 'shared-kernel/domain';
import { maskIban } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { reservations } from '../../db/schema.js';
import { ledgerSummary, movementsOf } from '../ledger/ledger.js';
import { awaitsTransferRefund } from '../payments/refunds.js';
import { balancePaidOnline, instructionsFor } from '../payments/virement.js';

export async function withMoney(db: AppDb, reservation: Reservation, settings: PaymentSettings): Promise<Reservation> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservation.id)).limit(1);
  if (!row) return reservation;
  const ledger = await ledgerSummary(db, row.id);
  return {
    ...reservation,
    mouvements: await movementsOf(db, row.id),
    instructionsVirement: instructionsFor(row, ledger, settings),
    soldeEnLigne: balancePaidOnline(row, settings),
    attenteIban: await awaitsTransferRefund(db, row.id),
    ibanRemboursement: row.remboursementIban
      ? { titulaire: row.remboursementTitulaire ?? '', iban: maskIban(row.remboursementIban) }
      : null,
  };
}

/** Where a transfer refund goes: the account (IBAN normalised, holder trimmed) kept until it is paid. */
export async function setRefundAccount(db: AppDb, reservationId: number, account: { iban: string; titulaire: string }): Promise<void> {
  await db
    .update(reservations)
    .set({ remboursementIban: account.iban, remboursementTitulaire: account.titulaire, updatedAt: new Date() })
    .where(eq(reservations.id, reservationId));
}
