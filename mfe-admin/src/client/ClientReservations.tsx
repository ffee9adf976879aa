import { Link } from 'react-router-dom';
import { formatDateFr, formatEuro, pluralize, Spinner, StatusBadge, Alert } from 'shared-kernel';
import { HISTORY_FAILED, NO_RESERVATION } from './profileText';
import type { HistoryState } from './useClient';
import './client.css';

/** The client's reservations, newest first, each linking to its detail page. */
export function ClientReservations({ history }: { history: HistoryState }) {
  return (
    <section className="sk-card" aria-labelledby="adm-history-title">
      <h2 id="adm-history-title" className="sk-card__title">
        Historique des réservations
      </h2>
      {history.status === 'loading' ? <Spinner label="Chargement des réservations…" /> : null}
      {history.status === 'error' ? <Alert tone="danger">{HISTORY_FAILED}</Alert> : null}
      {history.status === 'ready' && history.list.length === 0 ? <p className="sk-muted">{NO_RESERVATION}</p> : null}
      {history.status === 'ready' && history.list.length > 0 ? (
        <ul className="sk-list sk-rows sk-gap-3 adm-history" aria-label="Réservations du client">
          {history.list.map((r) => (
            <li key={r.id} className="sk-cluster sk-cluster--between sk-gap-3 adm-history__item">
              <div className="adm-history__main">
                <Link to={`/reservation/${r.id}`} className="adm-history__link">
                  Réservation n° {r.id}
                </Link>
                <span className="adm-history__title">{r.appartement?.titre || 'Appartement'}</span>
                <span className="sk-muted">
                  Du {formatDateFr(r.startDate)} au {formatDateFr(r.endDate)} · {pluralize(r.guestsCount, 'voyageur')} ·{' '}
                  {formatEuro(r.totalPrice)}
                </span>
              </div>
              <StatusBadge status={r.status} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
