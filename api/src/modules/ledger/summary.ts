/**
 * Where a reservation's payment stands, read from its books (issue 31): the summary every
 * reservation payload carries (lists included), so the pages and the mails say what the books say.
 */
import type { PaiementResume, SoldeResume } from 'shared-kernel/domain';
import type { reservations } from '../../db/schema.js';
import { depositPaid, type LedgerSummary } from './ledger.js';

type Row = Pick<typeof reservations.$inferSelect, 'status' | 'paiementEcheance' | 'soldeExigibleLe' | 'startDate'>;

export function paiementResume(row: Row, ledger: LedgerSummary): PaiementResume {
  const { rembourseCents, aRembourserCents } = ledger.comptes;
  const refunds = { aRembourserCents, rembourseLe: ledger.rembourseLe };
  if (aRembourserCents > 0) return { etat: 'remboursement en cours', echeance: null, rembourseCents, ...refunds };
  if (row.status === 'annulée' && rembourseCents > 0) return { etat: 'remboursé', echeance: null, rembourseCents, ...refunds };
  if (depositPaid(ledger)) return { etat: 'payé', echeance: null, rembourseCents: row.status === 'annulée' ? 0 : null, ...refunds };
  if (row.status === 'en attente' && row.paiementEcheance)
    return { etat: 'en attente', echeance: row.paiementEcheance.toISOString(), rembourseCents: null, ...refunds };
  if (ledger.acompteDuCents > 0) return { etat: 'non payé', echeance: null, rembourseCents: null, ...refunds };
  return { etat: 'aucun', echeance: null, rembourseCents: null, ...refunds };
}

/** The balance before arrival, null when there is none (whole stay paid at booking, or cancelled). */
export function soldeResume(row: Row, ledger: LedgerSummary, today: string): SoldeResume | null {
  if (ledger.soldeDuCents <= 0 || !row.soldeExigibleLe || row.status === 'annulée') return null;
  const resteCents = Math.max(0, ledger.comptes.resteDuCents);
  const etat: SoldeResume['etat'] =
    resteCents === 0 ? 'payé' : today < row.soldeExigibleLe ? 'à venir' : today < row.startDate ? 'à régler' : 'en retard';
  return { montantCents: ledger.soldeDuCents, exigibleLe: row.soldeExigibleLe, resteCents, etat };
}
