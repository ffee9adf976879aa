/**
 * Bank transfer instructions (issue 13, issue 31): what the guest pays, to whom, with which reference
 * and by when — the deposit (or the whole stay) while the booking waits for it, then the balance once
 * it is payable, when the balance goes by transfer (DECISIONS 34: by the deposit's method, by transfer
 * when Stripe is not configured). Used by the booking answer, the reservation detail and the mails.
 */
import { eq } from 'drizzle-orm';
import type { InstructionsVirement } from 'shared-kernel/domain';
import { latestTransferInstant, todayIn } from 'shared-kernel/rules';
import type { PaymentSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import type { PaymentInstructions } from '../../mail/reservation-mails.js';
import { reservations } from '../../db/schema.js';
import { depositPaid, heldCents, ledgerSummary, type LedgerSummary } from '../ledger/ledger.js';
import { soldeResume } from '../ledger/summary.js';

type Row = Pick<typeof reservations.$inferSelect, 'id' | 'status' | 'paymentMethod' | 'paiementEcheance' | 'soldeExigibleLe' | 'startDate'>;

export const transferReference = (reservationId: number) => `SM-${reservationId}`;

/** The balance is paid online (a Stripe link) when the deposit was, and Stripe is configured; else by transfer. */
export function balancePaidOnline(row: Pick<Row, 'paymentMethod'>, settings: PaymentSettings): boolean {
  return settings.stripe !== null && row.paymentMethod !== null && row.paymentMethod !== 'virement';
}

/** The instructions of a reservation, or null when no transfer is awaited now. */
export function instructionsFor(
  row: Row,
  ledger: LedgerSummary,
  settings: PaymentSettings,
  today = todayIn('Europe/Paris'),
): InstructionsVirement | null {
  const account = {
    titulaire: settings.virement.titulaire,
    iban: settings.virement.iban,
    bic: settings.virement.bic,
    reference: transferReference(row.id),
    exemple: settings.virement.exemple,
  };
  if (row.status === 'en attente' && row.paymentMethod === 'virement' && row.paiementEcheance && !depositPaid(ledger)) {
    return {
      ...account,
      objet: ledger.soldeDuCents > 0 ? 'acompte' : 'séjour',
      montantCents: ledger.acompteDuCents - Math.max(0, heldCents(ledger)),
      echeance: row.paiementEcheance.toISOString(),
    };
  }
  const solde = soldeResume(row, ledger, today);
  if (
    row.status === 'confirmée' &&
    solde &&
    (solde.etat === 'à régler' || solde.etat === 'en retard') &&
    !balancePaidOnline(row, settings)
  ) {
    return { ...account, objet: 'solde', montantCents: solde.resteCents, echeance: latestTransferInstant(row.startDate).toISOString() };
  }
  return null;
}

/**
 * Payment instructions of a reservation by id (for the mails): null when the reservation does not
 * exist or no transfer is awaited. `echeance` is a Date here.
 */
export async function virementInstructions(
  db: AppDb,
  settings: PaymentSettings,
  reservationId: number,
): Promise<PaymentInstructions | null> {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, reservationId)).limit(1);
  const instructions = row ? instructionsFor(row, await ledgerSummary(db, reservationId), settings) : null;
  return instructions ? { ...instructions, echeance: new Date(instructions.echeance) } : null;
}
