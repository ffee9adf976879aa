import { adminQueries, formatDateTimeParis, loadState, Spinner, useQuery, type ReservationPaymentsProps } from 'shared-kernel';
import { amountText, kindLabel, PAYMENTS_EMPTY, PAYMENTS_FAILED, PAYMENTS_TITLE, providerLabel } from '../payments/text';
import '../ui/ui.css';
import '../reservations/reservations.css';

/**
 * Every payment event of a reservation (the `paiements` rows): shown to admins on the reservation
 * detail (mfe-account renders this fragment for admins only; the API refuses anyone else).
 */
export default function ReservationPayments({ reservationId }: ReservationPaymentsProps) {
  const state = loadState(useQuery(adminQueries.payments(reservationId)));
  const rows = state.status === 'ready' ? state.data : state.status;

  return (
    <section className="sk-card adm-payments" aria-labelledby="adm-payments-title">
      <h2 id="adm-payments-title" className="sk-card__title">
        {PAYMENTS_TITLE}
      </h2>
      {rows === 'loading' ? <Spinner label="Chargement des paiements…" /> : null}
      {rows === 'error' ? <p role="alert">{PAYMENTS_FAILED}</p> : null}
      {Array.isArray(rows) && rows.length === 0 ? <p>{PAYMENTS_EMPTY}</p> : null}
      {Array.isArray(rows) && rows.length > 0 ? (
        // Wider than a phone: the scrolling region takes the focus so a keyboard can scroll it.
        <div className="adm-table-wrap" role="region" aria-labelledby="adm-payments-title" tabIndex={0}>
          <table className="sk-table adm-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Moyen</th>
                <th scope="col">Montant</th>
                <th scope="col">État</th>
                <th scope="col">Référence Stripe</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <td>{formatDateTimeParis(p.createdAt)}</td>
                  <td>{kindLabel(p.type)}</td>
                  <td>{providerLabel(p.fournisseur)}</td>
                  <td className="adm-cell--number">{amountText(p.montantCents)}</td>
                  <td>{p.etat}</td>
                  <td className="adm-cell__ids">
                    {[p.stripeSessionId, p.stripePaymentIntentId, p.stripeRefundId].filter(Boolean).join(' · ') || '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
