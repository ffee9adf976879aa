/** Texts of the admin's payment views (issue 13). */
import { formatCents } from 'shared-kernel';

export const AWAITED_TITLE = 'Acompte à recevoir';
export const AWAITED_EMPTY = 'Aucun virement en attente.';
export const DEPOSIT_RECEIVED = 'Acompte reçu';
export const PAYMENTS_TITLE = 'Paiements';
export const PAYMENTS_EMPTY = 'Aucun paiement enregistré pour cette réservation.';
export const PAYMENTS_FAILED = 'Impossible de charger les paiements de cette réservation.';

export const depositReceivedText = (id: number) => `Acompte reçu : la réservation n° ${id} est confirmée.`;
export const depositFailedText = (message: string | undefined) => `L'acompte n'a pas pu être enregistré. ${message ?? 'Veuillez réessayer.'}`;

const PROVIDER: Record<string, string> = { stripe: 'Stripe', virement: 'Virement' };
const KIND: Record<string, string> = { acompte: 'Acompte', remboursement: 'Remboursement' };

export const providerLabel = (value: string) => PROVIDER[value] ?? value;
export const kindLabel = (value: string) => KIND[value] ?? value;
export const amountText = (cents: number) => formatCents(cents);
