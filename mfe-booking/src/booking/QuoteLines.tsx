import { formatCents, formatEuro, type DevisSejour } from 'shared-kernel';

/**
 * The quote's lines (nights per rate, discount, extra guests, cleaning, taxe de séjour) and its total;
 * at checkout, also what is paid at booking (the deposit, or the whole stay inside the balance window).
 */
export function QuoteLines({ devis, className, dueAtBookingCents }: { devis: DevisSejour; className: string; dueAtBookingCents?: number }) {
  return (
    <dl className={className}>
      {devis.lignes.map((ligne) => (
        <div className="bk-summary__line" key={ligne.libelle}>
          <dt>{ligne.libelle}</dt>
          <dd>{formatEuro(ligne.montant)}</dd>
        </div>
      ))}
      {dueAtBookingCents !== undefined ? (
        <div className="bk-summary__line bk-summary__line--deposit">
          <dt>À régler à la réservation</dt>
          <dd>{formatCents(dueAtBookingCents)}</dd>
        </div>
      ) : null}
      <div className="bk-summary__line bk-summary__line--total">
        <dt>Total</dt>
        <dd>{formatEuro(devis.total)}</dd>
      </div>
    </dl>
  );
}
