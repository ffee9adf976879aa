import { formatCents, formatDateTimeParis, type Reservation } from 'shared-kernel';
import type { ReceiptKind } from './ReceiptList';
import { AWAITED_EMPTY, AWAITED_TITLE, DEPOSIT_RECEIVED } from './text';

/** Reservations whose deposit is awaited by bank transfer. */
export function awaitedTransfers(list: readonly Reservation[]): Reservation[] {
  return list
    .filter((r) => r.paymentMethod === 'virement' && r.status === 'en attente' && r.paiement?.etat === 'en attente')
    .sort((a, b) => (a.paiement?.echeance ?? '').localeCompare(b.paiement?.echeance ?? ''));
}

/** 'Acompte à recevoir': each awaited transfer with its reference and deadline, and 'Acompte reçu'. */
export const AWAITED_TRANSFERS: ReceiptKind = {
  id: 'adm-awaited-title',
  title: AWAITED_TITLE,
  empty: AWAITED_EMPTY,
  buttonLabel: DEPOSIT_RECEIVED,
  select: awaitedTransfers,
  details: (r) =>
    `${formatCents(Math.round(r.deposit * 100))}, référence SM-${r.id}, avant le ${formatDateTimeParis(r.paiement?.echeance ?? '')}`,
};
