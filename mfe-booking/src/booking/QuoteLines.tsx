import { formatEuro, type DevisSejour } from 'shared-kernel';

/** The quote's lines (nights per rate, discount, extra guests, cleaning, taxe de séjour) and its total. */
export function QuoteLines({ devis, className, deposit = false }: { devis: DevisSejour; className: string; deposit?: boolean }) {
  return (
    <dl className={className}>
      {devis.lignes.map((ligne) => (
        <div className="bk-summary__line" key={ligne.libelle}>
          <dt>{ligne.libelle}</dt>
          <dd>{formatEuro(ligne.montant)}</dd>
        </div>
      ))}
      {deposit ? (
        <div className="bk-summary__line bk-summary__line--deposit">
          <dt>Acompte à payer aujourd'hui</dt>
          <dd>{formatEuro(devis.acompte)}</dd>
        </div>
      ) : null}
      <div className="bk-summary__line bk-summary__line--total">
        <dt>Total</dt>
        <dd>{formatEuro(devis.total)}</dd>
      </div>
    </dl>
  );
}
