/**
 * A cancellation and its money, in one transaction (issue 31, DECISIONS 32 and 35): the status, what
 * the books write off, and the refunds owed. The guest keeps back what the apartment's policy gives
 * on the deposit (`refundOnGuestCancellation`, the rule the CGV state); anything paid beyond the
 * deposit goes back. An admin's or the system's cancellation gives everything back.
 */
import { eq } from 'drizzle-orm';
import { cancellationRule, DEPOSIT_EUR, parisMidnight, refundOnGuestCancellation } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements, reservations } from '../../db/schema.js';
import { heldCents, ledgerSummary, recordMovement } from '../ledger/ledger.js';
import { oweRefund, type RemboursementRow } from './refunds.js';

export type Canceller = 'client' | 'admin' | 'système';

export interface CancelOutcome {
  /** Cents owed back (0: what was paid is kept), null when nothing had been paid. */
  remboursementCents: number | null;
  refunds: RemboursementRow[];
}

/** The deposit of the contract: the quote's (500 €, or the total when lower), even when the whole stay was paid at booking. */
function contractDepositCents(row: typeof reservations.$inferSelect): number {
  const devis = row.devis as { acompte?: unknown } | null;
  const acompte = typeof devis?.acompte === 'number' ? devis.acompte : Math.min(DEPOSIT_EUR, Number(row.totalPrice));
  return Math.round(acompte * 100);
}

/**
 * Cancels the reservation in the caller's transaction (its row locked first): null when it was
 * already cancelled (two cancellations racing settle once).
 */
export async function cancelStay(
  tx: AppDb,
  reservationId: number,
  by: { par: Canceller; auteurId?: number | null },
  now = new Date(),
): Promise<CancelOutcome | null> {
  const [locked] = await tx
    .select({ r: reservations, politique: appartements.politiqueAnnulation })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .where(eq(reservations.id, reservationId))
    .for('update', { of: reservations })
    .limit(1);
  if (!locked || locked.r.status === 'annulée') return null;
  await tx
    .update(reservations)
    .set({ status: 'annulée', paiementEcheance: null, updatedAt: now })
    .where(eq(reservations.id, reservationId));

  const ledger = await ledgerSummary(tx, reservationId);
  const held = Math.max(0, heldCents(ledger));
  let kept = 0;
  if (by.par === 'client') {
    const depositHeld = Math.min(held, contractDepositCents(locked.r));
    kept = depositHeld - refundOnGuestCancellation(locked.politique, locked.r.startDate, depositHeld, now);
  }
  const author = { auteur: by.par, auteurId: by.auteurId ?? null } as const;
  const writeOff = ledger.comptes.duCents - kept;
  if (writeOff > 0)
    await recordMovement(tx, {
      reservationId,
      type: 'annulation_du',
      montantCents: writeOff,
      date: now,
      ...author,
      note: kept > 0 ? 'Annulation : acompte conservé selon les conditions d’annulation' : null,
    });
  const refunds = await oweRefund(tx, reservationId, held - kept, { ...author, note: 'Annulation' });
  return { remboursementCents: held > 0 ? held - kept : null, refunds };
}

/** A span of the cancellation policy: until `jusquau` (inclusive; null: until arrival), this share of the deposit comes back. */
export interface CancellationWindow {
  jusquau: Date | null;
  remboursementAcomptePourcent: number;
}

/**
 * The apartment's policy as dated windows for a stay arriving on `startDate` (the reservation page
 * and the mails): the same table and the same deadline `cancelStay` applies through
 * `refundOnGuestCancellation` (a cancellation at `jusquau` still gets the window's share). An
 * unknown policy or date gives no window.
 */
export function cancellationWindows(politique: string, startDate: string): CancellationWindow[] {
  const rule = cancellationRule(politique);
  const arrival = parisMidnight(startDate);
  if (!rule || !arrival) return [];
  const deadline = new Date(arrival.getTime() - rule.hoursBeforeArrival * 3_600_000);
  return [
    { jusquau: deadline, remboursementAcomptePourcent: rule.refundPercent },
    { jusquau: null, remboursementAcomptePourcent: 0 },
  ];
}
