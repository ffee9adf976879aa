import { Link } from 'react-router-dom';
import {
  formatCents,
  formatDateFr,
  formatEuro,
  RESERVATION_STATUSES,
  StatusBadge,
  type Reservation,
  type ReservationStatus,
} from 'shared-kernel';
import { balanceLateText } from '../payments/text';
import '../ui/ui.css';
import './reservations.css';

export interface ReservationRowProps {
  reservation: Reservation;
  /** This row is the one in edit. */
  editing: boolean;
  /** The status chosen in the row's select while editing. */
  draftStatus: string;
  /** A call for this row is under way. */
  busy: boolean;
  onEdit: () => void;
  onDraftChange: (status: string) => void;
  onSave: () => void;
  onCancelEdit: () => void;
  onQuick: (status: ReservationStatus) => void;
  onDelete: () => void;
}

/** One reservation of the admin table, with its actions (one row in edit at a time). */
/** A pending reservation's two quick decisions, each a button of its colour. */
const QUICK_ACTIONS: readonly { status: ReservationStatus; label: string; tone: 'success' | 'danger' }[] = [
  { status: 'confirmée', label: 'Confirmer', tone: 'success' },
  { status: 'annulée', label: 'Annuler', tone: 'danger' },
];

export function ReservationRow(props: ReservationRowProps) {
  const { reservation: r, editing, draftStatus, busy } = props;
  const pending = r.status === 'en attente';
  const clientName = r.user?.nom || `Client n° ${r.userId}`;
  const selectId = `adm-status-${r.id}`;

  return (
    <tr className={editing ? 'adm-row adm-row--editing' : 'adm-row'} aria-busy={busy || undefined}>
      <th scope="row">
        <Link to={`/reservation/${r.id}`}>
          <span className="sk-visually-hidden">Réservation </span>#{r.id}
        </Link>
      </th>
      <td>
        <Link to={`/admin/client/${r.userId}`}>{clientName}</Link>
        {r.user?.email ? <div className="sk-muted adm-cell__sub">{r.user.email}</div> : null}
      </td>
      <td>
        {r.appartement?.titre || 'Appartement'}
        {r.appartement?.localisation ? <div className="sk-muted adm-cell__sub">{r.appartement.localisation}</div> : null}
      </td>
      <td className="adm-cell--nowrap">
        <div>Du {formatDateFr(r.startDate)}</div>
        <div>au {formatDateFr(r.endDate)}</div>
      </td>
      <td className="adm-cell--number">{r.guestsCount}</td>
      <td className="adm-cell--number adm-cell--nowrap">{formatEuro(r.totalPrice)}</td>
      <td>
        {editing ? (
          <>
            <label className="sk-visually-hidden" htmlFor={selectId}>
              Nouveau statut de la réservation n° {r.id}
            </label>
            <select
              id={selectId}
              className="sk-field__input adm-row__select"
              value={draftStatus}
              disabled={busy}
              onChange={(e) => props.onDraftChange(e.target.value)}
            >
              {RESERVATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          </>
        ) : (
          <>
            <StatusBadge status={r.status} />
            {r.solde?.etat === 'en retard' ? (
              <div className="adm-late adm-cell__sub">{`${balanceLateText} : ${formatCents(r.solde.resteCents)}`}</div>
            ) : null}
          </>
        )}
      </td>
      <td>
        <div className="adm-row__actions">
          {editing ? (
            <>
              <button type="button" className="sk-button sk-button--primary sk-button--small" disabled={busy} onClick={props.onSave}>
                Enregistrer
              </button>
              <button type="button" className="sk-button sk-button--ghost sk-button--small" disabled={busy} onClick={props.onCancelEdit}>
                Annuler
              </button>
            </>
          ) : (
            <>
              <button type="button" className="sk-button sk-button--secondary sk-button--small" disabled={busy} onClick={props.onEdit}>
                Modifier
              </button>
              {pending
                ? QUICK_ACTIONS.map(({ status, label, tone }) => (
                    <button
                      key={status}
                      type="button"
                      className={`sk-button sk-button--${tone} sk-button--small`}
                      disabled={busy}
                      onClick={() => props.onQuick(status)}
                    >
                      {label}
                    </button>
                  ))
                : null}
              {/* DECISIONS 32: only where no money moved and the stay has not begun; otherwise it is cancelled. */}
              {r.supprimable ? (
                <button type="button" className="sk-button sk-button--danger sk-button--small" disabled={busy} onClick={props.onDelete}>
                  Supprimer
                </button>
              ) : null}
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
