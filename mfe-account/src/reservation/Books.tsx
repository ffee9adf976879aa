import { formatCents, formatDateTimeParis, MOUVEMENT_LABELS, MOYEN_LABELS, type Comptes, type Mouvement } from 'shared-kernel';

/**
 * The books of the stay (issue 31): the balance, then every movement as it was recorded — what was
 * due, received, written off, owed back and refunded. Movements without an amount carry a note (an
 * admin's reason to confirm without the deposit) and are listed too.
 */
export function Books({ comptes, mouvements }: { comptes: Comptes; mouvements: Mouvement[] }) {
  return (
    <>
      <h3 className="acc-summary__title">Comptes de la réservation</h3>
      <dl className="acc-summary__list acc-books__totals">
        <div className="acc-summary__row">
          <dt>Total dû</dt>
          <dd>{formatCents(comptes.duCents)}</dd>
        </div>
        <div className="acc-summary__row">
          <dt>Reçu</dt>
          <dd>{formatCents(comptes.recuCents)}</dd>
        </div>
        <div className="acc-summary__row">
          <dt>Remboursé</dt>
          <dd>{formatCents(comptes.rembourseCents)}</dd>
        </div>
        {comptes.aRembourserCents > 0 ? (
          <div className="acc-summary__row">
            <dt>Remboursement en cours</dt>
            <dd>{formatCents(comptes.aRembourserCents)}</dd>
          </div>
        ) : null}
        <div className="acc-summary__row">
          <dt>Reste à payer</dt>
          <dd>
            <strong>{formatCents(Math.max(0, comptes.resteDuCents))}</strong>
          </dd>
        </div>
      </dl>
      {mouvements.length > 0 ? (
        // Wider than a phone: the scrolling region takes the focus so a keyboard can scroll it.
        <div className="acc-books__wrap" role="region" aria-labelledby="acc-books-caption" tabIndex={0}>
          <table className="acc-books">
            <caption id="acc-books-caption">Historique des paiements</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Opération</th>
                <th scope="col">Moyen</th>
                <th scope="col">Référence</th>
                <th scope="col" className="acc-books__amount">
                  Montant
                </th>
              </tr>
            </thead>
            <tbody>
              {mouvements.map((m) => (
                <tr key={m.id}>
                  <td>{formatDateTimeParis(m.date)}</td>
                  <td>
                    {MOUVEMENT_LABELS[m.type] ?? m.type}
                    {m.note ? <div className="acc-books__note">{m.note}</div> : null}
                  </td>
                  <td>{m.moyen ? MOYEN_LABELS[m.moyen] : '—'}</td>
                  <td className="acc-books__ref">{m.reference ?? '—'}</td>
                  <td className="acc-books__amount">{formatCents(m.montantCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
