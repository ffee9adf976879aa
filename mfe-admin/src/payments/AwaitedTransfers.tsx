import { Link } from 'react-router-dom';
import { formatCents, formatDateTimeParis, type Reservation } from 'shared-kernel';
import { AWAITED_EMPTY, AWAITED_TITLE, DEPOSIT_RECEIVED } from './text';

/** Reservations whose deposit is awaited by bank transfer. */
export function awaitedTransfers(list: readonly Reservation[]): Reservation[] {
  return list
    .filter((r) => r.paymentMethod === 'virement' && r.status === 'en attente' && r.paiement?.etat === 'en attente')
    .sort((a, b) => (a.paiement?.echeance ?? '').localeCompare(b.paiement?.echeance ?? ''));
}

/** 'Acompte à recevoir': each awaited transfer with its reference and deadline, and 'Acompte reçu'. */
export function AwaitedTransfers({ list, busyId, onReceived }: { list: readonly Reservation[]; busyId: number | null; onReceived: (reservation: Reservation) => void }) {
  const awaited = awaitedTransfers(list);
  return (
    <section className="adm-card adm-awaited" aria-labelledby="adm-awaited-title">
      <h2 id="adm-awaited-title" className="adm-card__title">
        {AWAITED_TITLE}
      </h2>
      {awaited.length === 0 ? (
        <p className="adm-muted">{AWAITED_EMPTY}</p>
      ) : (
        <ul className="adm-awaited__list">
          {awaited.map((r) => (
            <li key={r.id} className="adm-awaited__item">
              <span>
                <Link to={`/reservation/${r.id}`}>Réservation n° {r.id}</Link>
                {` — ${r.user?.nom ?? `Client n° ${r.userId}`}, ${formatCents(Math.round(r.deposit * 100))}, référence SM-${r.id}, avant le ${formatDateTimeParis(r.paiement?.echeance ?? '')}`}
              </span>
              <button type="button" className="sk-button sk-button--success sk-button--small" disabled={busyId === r.id} onClick={() => onReceived(r)}>
                {DEPOSIT_RECEIVED}
                <span className="sk-visually-hidden">{` pour la réservation n° ${r.id}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
