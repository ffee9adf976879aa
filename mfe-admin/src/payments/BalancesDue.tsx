import { Link } from 'react-router-dom';
import { formatCents, formatLongDate, type Reservation } from 'shared-kernel';
import { BALANCES_EMPTY, BALANCES_TITLE, BALANCE_RECEIVED, balanceLateText } from './text';

/** Confirmed stays whose balance is payable and not received, the late ones (arrival come) first. */
export function balancesDue(list: readonly Reservation[]): Reservation[] {
  return list
    .filter((r) => r.status === 'confirmée' && (r.solde?.etat === 'à régler' || r.solde?.etat === 'en retard'))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/**
 * 'Soldes à recevoir' (issue 31, DECISIONS 34): each balance payable now, with its reference and the
 * arrival date; unpaid at arrival in red. 'Solde reçu' records a transfer; a balance paid online is
 * recorded by Stripe's webhook, but a transfer received instead can be recorded the same way.
 */
export function BalancesDue({ list, busyId, onReceived }: { list: readonly Reservation[]; busyId: number | null; onReceived: (reservation: Reservation) => void }) {
  const due = balancesDue(list);
  return (
    <section className="adm-card adm-awaited" aria-labelledby="adm-balances-title">
      <h2 id="adm-balances-title" className="adm-card__title">
        {BALANCES_TITLE}
      </h2>
      {due.length === 0 ? (
        <p className="adm-muted">{BALANCES_EMPTY}</p>
      ) : (
        <ul className="adm-awaited__list">
          {due.map((r) => {
            const late = r.solde?.etat === 'en retard';
            return (
              <li key={r.id} className={`adm-awaited__item${late ? ' adm-awaited__item--late' : ''}`}>
                <span>
                  <Link to={`/reservation/${r.id}`}>Réservation n° {r.id}</Link>
                  {` — ${r.user?.nom ?? `Client n° ${r.userId}`}, ${formatCents(r.solde?.resteCents ?? 0)}, référence SM-${r.id}, arrivée le ${formatLongDate(r.startDate)}, ${r.paymentMethod === 'virement' ? 'par virement' : 'lien de paiement Stripe envoyé'}`}
                  {late ? <strong className="adm-late">{` ${balanceLateText}`}</strong> : null}
                </span>
                <button type="button" className="sk-button sk-button--success sk-button--small" disabled={busyId === r.id} onClick={() => onReceived(r)}>
                  {BALANCE_RECEIVED}
                  <span className="sk-visually-hidden">{` pour la réservation n° ${r.id}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
