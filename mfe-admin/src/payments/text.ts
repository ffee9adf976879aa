/** Texts of the admin's payment views (issue 13). */
import { formatCents } from 'shared-kernel';

export const AWAITED_TITLE = 'Acompte à recevoir';
export const AWAITED_EMPTY = 'Aucun virement en attente.';
export const DEPOSIT_RECEIVED = 'Acompte reçu';
export const PAYMENTS_TITLE = 'Sessions de paiement Stripe';
export const PAYMENTS_EMPTY = 'Aucune session de paiement Stripe pour cette réservation.';
export const PAYMENTS_FAILED = 'Impossible de charger les sessions de paiement de cette réservation.';

export const BALANCES_TITLE = 'Soldes à recevoir';
export const BALANCES_EMPTY = 'Aucun solde à recevoir.';
export const BALANCE_RECEIVED = 'Solde reçu';
/** An unpaid balance once the arrival day has come (shown in red; the stay is not cancelled). */
export const balanceLateText = 'Impayé à l’arrivée';
export const balanceReceivedText = (id: number) => `Solde reçu pour la réservation n° ${id}.`;
export const balanceFailedText = (message: string | undefined) =>
  `Le solde n'a pas pu être enregistré. ${message ?? 'Veuillez réessayer.'}`;

export const depositReceivedText = (reservation: { id: number; status: string }) =>
  reservation.status === 'annulée'
    ? `Virement enregistré pour la réservation n° ${reservation.id}, annulée : il est à rembourser au client (Remboursements à effectuer).`
    : `Acompte reçu : la réservation n° ${reservation.id} est confirmée.`;
export const depositFailedText = (message: string | undefined) =>
  `L'acompte n'a pas pu être enregistré. ${message ?? 'Veuillez réessayer.'}`;

const PROVIDER: Record<string, string> = { stripe: 'Stripe', virement: 'Virement' };
const KIND: Record<string, string> = { acompte: 'Acompte', solde: 'Solde', remboursement: 'Remboursement' };

export const providerLabel = (value: string) => PROVIDER[value] ?? value;
export const kindLabel = (value: string) => KIND[value] ?? value;
export const amountText = (cents: number) => formatCents(cents);
