import { Link } from 'react-router-dom';
import type { Reservation } from 'shared-kernel';

/** One payment awaited: its reservation, what and by when, and a red warning when it is late. */
export interface AwaitedReceipt {
  reservation: Reservation;
  details: string;
  late?: string | null;
}

/**
 * A list of payments an admin waits for ('Acompte à recevoir', 'Soldes à recevoir'): each with its
 * reservation and a button that records it received.
 */
export function ReceiptList(props: {
  id: string;
  title: string;
  empty: string;
  items: AwaitedReceipt[];
  buttonLabel: string;
  busyId: number | null;
  onReceived: (reservation: Reservation) => void;
}) {
  const { id, title, empty, items, buttonLabel, busyId, onReceived } = props;
  return (
    <section className="sk-card adm-awaited" aria-labelledby={id}>
      <h2 id={id} className="sk-card__title">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="sk-muted">{empty}</p>
      ) : (
        <ul className="sk-list sk-stack adm-awaited__list">
          {items.map(({ reservation: r, details, late }) => (
            <li key={r.id} className={`sk-cluster sk-cluster--between adm-awaited__item${late ? ' adm-awaited__item--late' : ''}`}>
              <span>
                <Link to={`/reservation/${r.id}`}>Réservation n° {r.id}</Link>
                {` — ${r.user?.nom ?? `Client n° ${r.userId}`}, ${details}`}
                {late ? <strong className="adm-late">{` ${late}`}</strong> : null}
              </span>
              <button
                type="button"
                className="sk-button sk-button--success sk-button--small"
                disabled={busyId === r.id}
                onClick={() => onReceived(r)}
              >
                {buttonLabel}
                <span className="sk-visually-hidden">{` pour la réservation n° ${r.id}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
