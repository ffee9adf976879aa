/** What the reservation detail says about the deposit (issue 13). Pure, so it is tested without a page. */
import { formatCents, formatDateTimeParis, formatEuro, formatLongDate, formatTimeParis, nightsBetween, type Reservation } from 'shared-kernel';

/** 'Acompte payé', 'Remboursé', 'En attente de paiement (expire à HH:MM)'…; null when nothing was asked. */
export function paymentStateText(reservation: Reservation, now = new Date()): string | null {
  const paiement = reservation.paiement;
  if (!paiement) return reservation.paymentCompleted ? 'Acompte payé' : null;
  switch (paiement.etat) {
    case 'payé':
      return paiement.rembourseCents === 0 && reservation.status === 'annulée' ? 'Acompte payé (non remboursé selon les conditions d’annulation)' : 'Acompte payé';
    case 'remboursé':
      return `Remboursé (${formatCents(paiement.rembourseCents ?? 0)})`;
    case 'en attente': {
      if (!paiement.echeance) return 'En attente de paiement';
      const sameDay = formatLongDate(paiement.echeance) === formatLongDate(now.toISOString()) && new Date(paiement.echeance).getTime() - now.getTime() < 24 * 3_600_000;
      return sameDay ? `En attente de paiement (expire à ${formatTimeParis(paiement.echeance)})` : `En attente de paiement (expire le ${formatDateTimeParis(paiement.echeance)})`;
    }
    case 'non payé':
      return 'Acompte non payé';
    default:
      return null;
  }
}

/** The reminder of an upcoming confirmed stay; null otherwise. */
export function arrivalReminderText(reservation: Reservation, today: string): string | null {
  if (reservation.status !== 'confirmée' || reservation.startDate < today) return null;
  const days = nightsBetween(today, reservation.startDate);
  const when = days === 0 ? "aujourd'hui" : days === 1 ? 'demain' : `dans ${days} jours`;
  const remainder = reservation.remainder > 0 ? ` Le solde de ${formatEuro(reservation.remainder)} sera à régler le jour de votre arrivée.` : ' Il ne reste rien à régler.';
  return `Rappel avant votre arrivée : votre séjour commence le ${formatLongDate(reservation.startDate)} (${when}).${remainder}`;
}
