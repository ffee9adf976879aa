/**
 * Bank transfer instructions (issue 13): what the guest pays, to whom, with which reference. Used by
 * the booking answer, the reservation detail and the 'reservation received' mail.
 */
import { eq } from 'drizzle-orm';
import type { InstructionsVirement } from 'shared-kernel/domain';
import type { VirementSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { reservations } from '../../db/schema.js';

type Row = Pick<typeof reservations.$inferSelect, 'id' | 'status' | 'paymentMethod' | 'paymentCompleted' | 'deposit' | 'paiementEcheance'>;

export const transferReference = (reservationId: number) => `SM-${reservationId}`;

/** The instructions of a reservation row, or null when it is not awaiting a transfer. */
export function instructionsFor(row: Row, settings: VirementSettings): InstructionsVirement | null {
  if (row.paymentMethod !== 'virement' || row.paymentCompleted || row.status !== 'en attente' || !row.paiementEcheance) return null;
  return {
    montantCents: Math.round(Number(row.deposit) * 100),
    titulaire: settings.titulaire,
    iban: settings.iban,
    bic: settings.bic,
    reference: transferReference(row.id),
    echeance: row.paiementEcheance.toISOString(),
    exemple: settings.exemple,
  };
}

/**
 * Payment instructions of a reservation by id (for the mails): null when the reservation does not
 * exist or is not awaiting a transfer. `echeance` is a Date here.
 */
export async function virementInstructions(
  db: AppDb,
  settings: VirementSettings,
  reservationId: number,
): Promise<(Omit<InstructionsVirement, 'echeance'> & { echeance: Date }) | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
  const instructions = row ? instructionsFor(row, settings) : null;
  return instructions ? { ...instructions, echeance: new Date(instructions.echeance) } : null;
}
