/**
 * The words of the stay's terms on the reservation page (issue 27 item 2): the apartment's own
 * check-in and check-out times, and the cancellation windows the server computed from the rule the
 * cancellation applies (dates in Europe/Paris).
 */
import { formatDateTimeParis, type AnnulationFenetres } from 'shared-kernel';

const RANGE = /^(\d{1,2}[:h]\d{2})\s*[-–]\s*(\d{1,2}[:h]\d{2})$/;
const SINGLE = /^(?:à partir de |dès |après )?(\d{1,2}[:h]\d{2})$/i;

/** '15:00 - 00:00' -> 'Arrivée à partir de 15:00'; '16:00 - 21:00' -> 'Arrivée entre 16:00 et 21:00'. */
export function checkInText(arrivee: string): string {
  const value = arrivee.trim();
  const range = RANGE.exec(value);
  if (range) return /^0?0[:h]00$/.test(range[2]!) ? `Arrivée à partir de ${range[1]}` : `Arrivée entre ${range[1]} et ${range[2]}`;
  const single = SINGLE.exec(value);
  if (single) return `Arrivée à partir de ${single[1]}`;
  return `Arrivée : ${value}`;
}

/** 'avant 11:00' or '11:00' -> 'Départ avant 11:00' (never 'avant avant'). */
export function checkOutText(depart: string): string {
  const value = depart.trim().replace(/^avant\s+/i, '');
  return /^\d{1,2}[:h]\d{2}$/.test(value) ? `Départ avant ${value}` : `Départ : ${depart.trim()}`;
}

/** One sentence per window, in order: free or partial refund until a date, then no refund. */
export function cancellationTexts(annulation: AnnulationFenetres): string[] {
  const texts: string[] = [];
  let previous: string | null = null;
  for (const window of annulation.fenetres) {
    const share = window.remboursementAcomptePourcent;
    if (window.jusquau) {
      const until = formatDateTimeParis(window.jusquau);
      texts.push(
        share === 100
          ? `Annulation gratuite jusqu’au ${until} : l’acompte vous est remboursé en totalité.`
          : share > 0
            ? `Annulation jusqu’au ${until} : ${share} % de l’acompte vous est remboursé.`
            : `Jusqu’au ${until}, l’acompte n’est pas remboursé.`,
      );
      previous = until;
    } else {
      const from = previous ? `Après le ${previous}` : 'En cas d’annulation';
      texts.push(share === 0 ? `${from}, l’acompte n’est plus remboursé.` : `${from}, ${share} % de l’acompte vous est remboursé.`);
    }
  }
  if (texts.length > 0) texts.push('Tout montant versé au-delà de l’acompte vous est remboursé.');
  return texts;
}
