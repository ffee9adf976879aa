import { formatCents, formatLongDate, type Reservation } from 'shared-kernel';
import type { ReceiptKind } from './ReceiptList';
import { BALANCES_EMPTY, BALANCES_TITLE, BALANCE_RECEIVED, balanceLateText } from './text';

/** Confirmed stays whose balance is payable and not received, the soonest arrival first. */
export function balancesDue(list: readonly Reservation[]): Reservation[] {
  return list
    .filter((r) => r.status === 'confirmée' && (r.solde?.etat === 'à régler' || r.solde?.etat === 'en retard'))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/**
 * 'Soldes à recevoir' (issue 31, DECISIONS 34): each balance payable now, with its reference and the
 * arrival date; unpaid at arrival in red. 'Solde reçu' records a transfer; a balance paid online is
 * recorded by Stripe's webhook, but a transfer received instead is recorded the same way.
 */
export const BALANCES_DUE: ReceiptKind = {
  id: 'adm-balances-title',
  title: BALANCES_TITLE,
  empty: BALANCES_EMPTY,
  buttonLabel: BALANCE_RECEIVED,
  select: balancesDue,
  details: (r) =>
    `${formatCents(r.solde?.resteCents ?? 0)}, référence SM-${r.id}, arrivée le ${formatLongDate(r.startDate)}, ${r.paymentMethod === 'virement' ? 'par virement' : 'lien de paiement Stripe envoyé'}`,
  late: (r) => (r.solde?.etat === 'en retard' ? balanceLateText : null),
};
