import { Link } from 'react-router-dom';
import { TitledSection, type Reservation } from 'shared-kernel';

/** One kind of payment an admin waits for: which reservations, what is said of each, its button. */
export interface ReceiptKind {
  /** Id of the list's heading, which names its section. */
  id: string;
  title: string;
  empty: string;
  buttonLabel: string;
  /** The reservations awaiting this payment, in the order shown. */
  select: (list: readonly Reservation[]) => Reservation[];
  /** What and by when, after the reservation's link and its client. */
  details: (reservation: Reservation) => string;
  /** A red warning when the payment is late. */
  late?: (reservation: Reservation) => string | null;
}

/**
 * A list of payments an admin waits for ('Acompte à recevoir', 'Soldes à recevoir'): each with its
 * reservation and a button that records it received.
 */
export function ReceiptList({
  kind,
  list,
  busyId,
  onReceived,
}: {
  kind: ReceiptKind;
  list: readonly Reservation[];
  busyId: number | null;
  onReceived: (reservation: Reservation) => void;
}) {
  const { id, title, empty, buttonLabel } = kind;
  const items = kind.select(list);
  return (
    <TitledSection title={title} titleId={id} className="sk-card adm-awaited" titleClassName="sk-card__title">
      {items.length === 0 ? (
        <p className="sk-muted">{empty}</p>
      ) : (
        <ul className="sk-list sk-stack adm-awaited__list">
          {items.map((r) => {
            const late = kind.late?.(r) ?? null;
            return (
              <li key={r.id} className={`sk-cluster sk-cluster--between adm-awaited__item${late ? ' adm-awaited__item--late' : ''}`}>
                <span>
                  <Link to={`/reservation/${r.id}`}>Réservation n° {r.id}</Link>
                  {` — ${r.user?.nom ?? `Client n° ${r.userId}`}, ${kind.details(r)}`}
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
            );
          })}
        </ul>
      )}
    </TitledSection>
  );
}
