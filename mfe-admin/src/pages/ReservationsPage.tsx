import { useState } from 'react';
import {
  CONFIRM_REASON_PROMPT,
  confirmationNeedsReason,
  RESERVATION_STATUSES,
  reservationsApi,
  serverMessage,
  Spinner,
  usePageMeta,
  type Reservation,
  type ReservationStatus,
  Alert,
  type AlertTone,
  SelectField,
  TextField,
} from 'shared-kernel';
import { adminApi } from '../api/adminApi';
import { ALL_STATUSES, filterReservations, isStatusFilter, type StatusFilter } from '../reservations/filter';
import { ReservationRow } from '../reservations/ReservationRow';
import { AwaitedTransfers } from '../payments/AwaitedTransfers';
import { BalancesDue } from '../payments/BalancesDue';
import { balanceFailedText, balanceReceivedText, depositFailedText, depositReceivedText } from '../payments/text';
import {
  CANCEL_CONFIRMATION,
  DELETE_CONFIRMATION,
  DELETE_FAILED,
  EMPTY,
  LOAD_FAILED,
  PAGE_TITLE,
  REFRESH_FAILED,
  saveFailed,
  shownCount,
  statusFailed,
  statusUpdated,
} from '../reservations/text';
import { useAdminReservations } from '../reservations/useAdminReservations';
import { ConflictBanner } from '../calendar/ConflictBanner';
import '../ui/ui.css';
import '../reservations/reservations.css';

interface Feedback {
  tone: AlertTone;
  text: string;
}

const COLUMNS = ['ID', 'Client', 'Appartement', 'Dates', 'Voyageurs', 'Total', 'Statut', 'Actions'] as const;

/** Admin: every reservation (route '/admin/reservations'; the shell lets only admins in). */
export default function ReservationsPage() {
  usePageMeta(PAGE_TITLE, 'Toutes les réservations : filtrer, rechercher, confirmer, annuler, modifier le statut ou supprimer.');
  const { state, refreshing, refresh, retry, replace, remove } = useAdminReservations();
  const [status, setStatus] = useState<StatusFilter>(ALL_STATUSES);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ id: number; status: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  if (state.status === 'loading') {
    return (
      <div className="sk-page adm-page">
        <h1 className="sk-page__title">{PAGE_TITLE}</h1>
        <Spinner label="Chargement des réservations…" />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="sk-page adm-page">
        <div className="sk-page__top">
          <h1 className="sk-page__title">{PAGE_TITLE}</h1>
        </div>
        <Alert
          tone="danger"
          actions={
            <button type="button" className="sk-button sk-button--secondary" onClick={retry}>
              Réessayer
            </button>
          }
        >
          {LOAD_FAILED}
        </Alert>
      </div>
    );
  }

  const shown = filterReservations(state.list, status, query);

  const onRefresh = async () => {
    setFeedback(null);
    setEditing(null);
    if (!(await refresh())) setFeedback({ tone: 'danger', text: REFRESH_FAILED });
  };

  /** Sends a status; answers false when it failed (the caller tells which message). */
  const sendStatus = async (reservation: Reservation, next: ReservationStatus, failure: (error: unknown) => string): Promise<boolean> => {
    // DECISIONS 34: confirming without the deposit received takes a reason, kept in the books.
    let raison: string | undefined;
    if (next === 'confirmée' && reservation.status !== 'confirmée' && confirmationNeedsReason(reservation)) {
      const answer = window.prompt(CONFIRM_REASON_PROMPT);
      if (answer === null || answer.trim() === '') return false;
      raison = answer.trim();
    }
    setBusyId(reservation.id);
    setFeedback(null);
    try {
      const updated = await reservationsApi.setStatus(reservation.id, next, raison);
      replace(updated);
      setFeedback({ tone: 'success', text: statusUpdated(updated.status || next) });
      return true;
    } catch (error) {
      setFeedback({ tone: 'danger', text: failure(error) });
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const onQuick = (reservation: Reservation, next: ReservationStatus) => {
    if (next === 'annulée' && !window.confirm(CANCEL_CONFIRMATION)) return;
    void sendStatus(reservation, next, (error) => statusFailed(serverMessage(error)));
  };

  const onSave = async (reservation: Reservation) => {
    if (!editing) return;
    const next = editing.status;
    if (next === reservation.status || !(RESERVATION_STATUSES as readonly string[]).includes(next)) {
      setEditing(null);
      return;
    }
    if (await sendStatus(reservation, next as ReservationStatus, (error) => saveFailed(serverMessage(error)))) setEditing(null);
  };

  const onDelete = async (reservation: Reservation) => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    setBusyId(reservation.id);
    setFeedback(null);
    try {
      const message = await adminApi.deleteReservation(reservation.id);
      remove(reservation.id);
      if (editing?.id === reservation.id) setEditing(null);
      setFeedback({ tone: 'success', text: message });
    } catch (error) {
      setFeedback({ tone: 'danger', text: serverMessage(error) ? `${DELETE_FAILED} : ${serverMessage(error)}` : DELETE_FAILED });
    } finally {
      setBusyId(null);
    }
  };

  const onDepositReceived = async (reservation: Reservation) => {
    setBusyId(reservation.id);
    setFeedback(null);
    try {
      const updated = await reservationsApi.depositReceived(reservation.id);
      replace(updated);
      setFeedback({ tone: 'success', text: depositReceivedText(updated) });
    } catch (error) {
      setFeedback({ tone: 'danger', text: depositFailedText(serverMessage(error)) });
    } finally {
      setBusyId(null);
    }
  };

  const onBalanceReceived = async (reservation: Reservation) => {
    setBusyId(reservation.id);
    setFeedback(null);
    try {
      replace(await reservationsApi.balanceReceived(reservation.id));
      setFeedback({ tone: 'success', text: balanceReceivedText(reservation.id) });
    } catch (error) {
      setFeedback({ tone: 'danger', text: balanceFailedText(serverMessage(error)) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="sk-page adm-page adm-reservations">
      <div className="sk-page__top">
        <h1 className="sk-page__title">{PAGE_TITLE}</h1>
        <button
          type="button"
          className="sk-button sk-button--secondary"
          disabled={refreshing}
          aria-busy={refreshing || undefined}
          onClick={() => void onRefresh()}
        >
          Rafraîchir
        </button>
      </div>
      <ConflictBanner />

      <div className="adm-toolbar" role="search" aria-label="Filtrer les réservations">
        <SelectField
          label="Statut"
          className="adm-toolbar__status"
          value={status}
          onChange={(e) => isStatusFilter(e.target.value) && setStatus(e.target.value)}
        >
          <option value={ALL_STATUSES}>Tous</option>
          {RESERVATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Rechercher"
          className="adm-toolbar__search"
          type="search"
          placeholder="Client, email, appartement ou n° de réservation"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>

      {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}

      <AwaitedTransfers list={state.list} busyId={busyId} onReceived={(r) => void onDepositReceived(r)} />
      <BalancesDue list={state.list} busyId={busyId} onReceived={(r) => void onBalanceReceived(r)} />

      {shown.length === 0 ? (
        <div className="adm-table-wrap">
          <p className="adm-empty">{EMPTY}</p>
        </div>
      ) : (
        <div className="adm-table-wrap" role="region" aria-labelledby="adm-reservations-caption" tabIndex={0}>
          <table className="adm-table">
            <caption id="adm-reservations-caption" className="sk-visually-hidden">
              Réservations{status === ALL_STATUSES ? '' : ` « ${status} »`}
              {query.trim() ? ` correspondant à « ${query.trim()} »` : ''}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={column === 'Voyageurs' || column === 'Total' ? 'adm-cell--number' : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <ReservationRow
                  key={r.id}
                  reservation={r}
                  editing={editing?.id === r.id}
                  draftStatus={editing?.id === r.id ? editing.status : r.status}
                  busy={busyId === r.id}
                  onEdit={() => {
                    setFeedback(null);
                    setEditing({ id: r.id, status: r.status });
                  }}
                  onDraftChange={(next) => setEditing({ id: r.id, status: next })}
                  onSave={() => void onSave(r)}
                  onCancelEdit={() => setEditing(null)}
                  onQuick={(next) => onQuick(r, next)}
                  onDelete={() => void onDelete(r)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="adm-table__footer" aria-live="polite">
        {shownCount(shown.length)}
      </p>
    </div>
  );
}
