/**
 * What the reservation detail says about money (issue 13, issue 31), from what the server's books say
 * (`paiement`, `solde`, `comptes`) and the kernel's rules. Pure, so it is tested without a page.
 */
import {
  balanceSentence,
  formatCents,
  formatDateTimeParis,
  formatLongDate,
  formatTimeParis,
  MONEY_WORDS,
  type Reservation,
} from 'shared-kernel';

/**
 * 'Acompte payé', 'Séjour payé', 'Remboursement en cours (500 €)', 'Remboursé le 3 décembre 2026
 * (500 €)', 'En attente de paiement (expire à HH:MM)'…; null when nothing was asked.
 */
export function paymentStateText(reservation: Reservation, now = new Date()): string | null {
  const paiement = reservation.paiement;
  if (!paiement) return reservation.paymentCompleted ? 'Acompte payé' : null;
  switch (paiement.etat) {
    case 'payé':
      if (reservation.status === 'annulée') return 'Payé, conservé selon les conditions d’annulation';
      return reservation.comptes?.resteDuCents === 0 ? 'Séjour payé' : 'Acompte payé';
    case 'remboursement en cours':
      return `Remboursement en cours (${formatCents(paiement.aRembourserCents ?? 0)})`;
    case 'remboursé':
      return paiement.rembourseLe
        ? `Remboursé le ${formatLongDate(parisDay(paiement.rembourseLe))} (${formatCents(paiement.rembourseCents ?? 0)})`
        : `Remboursé (${formatCents(paiement.rembourseCents ?? 0)})`;
    case 'en attente': {
      if (!paiement.echeance) return 'En attente de paiement';
      const sameDay =
        formatLongDate(paiement.echeance) === formatLongDate(now.toISOString()) &&
        new Date(paiement.echeance).getTime() - now.getTime() < 24 * 3_600_000;
      return sameDay
        ? `En attente de paiement (expire à ${formatTimeParis(paiement.echeance)})`
        : `En attente de paiement (expire le ${formatDateTimeParis(paiement.echeance)})`;
    }
    case 'non payé':
      return reservation.status === 'confirmée' ? 'Acompte non reçu' : 'Acompte non payé';
    default:
      return null;
  }
}

/** The calendar day of an instant in Metz (a refund made on that day). */
function parisDay(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(iso));
}

/** The balance before arrival: when, how, or done (DECISIONS 34); null without one. */
export function balanceText(reservation: Reservation): string | null {
  const solde = reservation.solde;
  if (!solde) return null;
  switch (solde.etat) {
    case 'à venir':
      return balanceSentence(solde.montantCents, solde.exigibleLe, reservation.soldeEnLigne ?? false, MONEY_WORDS);
    case 'à régler':
      return `Le solde de ${formatCents(solde.resteCents)} est à régler maintenant, avant votre arrivée le ${formatLongDate(reservation.startDate)}${reservation.soldeEnLigne ? ' : payez-le en ligne ci-dessous.' : ' : par virement, avec les coordonnées ci-dessus.'}`;
    case 'en retard':
      return `Le solde de ${formatCents(solde.resteCents)} n'est pas encore réglé${reservation.soldeEnLigne ? ' : payez-le en ligne ci-dessous.' : ' : par virement, avec les coordonnées ci-dessus.'}`;
    case 'payé':
      return 'Solde réglé : il ne reste rien à payer.';
    default:
      return null;
  }
}

/** The reminder of an upcoming confirmed stay; null otherwise. */
export function arrivalReminderText(reservation: Reservation, today: string): string | null {
  if (reservation.status !== 'confirmée' || reservation.startDate < today) return null;
  const days = Math.round((Date.parse(reservation.startDate) - Date.parse(today)) / 86_400_000);
  const when = days === 0 ? "aujourd'hui" : days === 1 ? 'demain' : `dans ${days} jours`;
  const owed = reservation.comptes ? Math.max(0, reservation.comptes.resteDuCents) : Math.round(reservation.remainder * 100);
  const rest = owed > 0 ? ` Il reste ${formatCents(owed)} à régler avant votre arrivée.` : ' Il ne reste rien à régler.';
  return `Rappel avant votre arrivée : votre séjour commence le ${formatLongDate(reservation.startDate)} (${when}).${rest}`;
}
