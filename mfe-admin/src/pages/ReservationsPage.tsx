import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  adminApi,
} from 'shared-kernel';
import {
  csvFileName,
  hasFilters,
  NO_FILTERS,
  pageCount,
  pageLabel,
  paramsOf,
  queryFromParams,
  totalText,
  type ListFilters,
} from '../reservations/listQuery';
import { useReceivables } from '../reservations/useReceivables';
import { saveBlob } from '../ui/saveBlob';
import { ReservationRow } from '../reservations/ReservationRow';
import { AWAITED_TRANSFERS } from '../payments/AwaitedTransfers';
import { BALANCES_DUE } from '../payments/BalancesDue';
import { ReceiptList } from '../payments/ReceiptList';
import { balanceFailedText, balanceReceivedText, depositFailedText, depositReceivedText } from '../payments/text';
import {
  CANCEL_CONFIRMATION,
  DELETE_CONFIRMATION,
  DELETE_FAILED,
  EMPTY,
  LOAD_FAILED,
  PAGE_TITLE,
  CSV_FAILED,
  REFRESH_FAILED,
  saveFailed,
  statusFailed,
  statusUpdated,
} from '../reservations/text';
import { useAdminReservations } from '../reservations/useAdminReservations';
import { ConflictBanner } from '../calendar/ConflictBanner';
import { ReservationFilters } from '../reservations/ReservationFilters';
import { Pager } from '../reservations/Pager';
import '../ui/ui.css';
import '../reservations/reservations.css';

interface Feedback {
  tone: AlertTone;
  text: string;
}

const COLUMNS = ['ID', 'Client', 'Appartement', 'Dates', 'Voyageurs', 'Total', 'Statut', 'Actions'] as const;

/**
 * Admin: the reservations (route '/admin/reservations'; the shell lets only admins in), filtered and
 * paged by the server (issue 32 item 6); the filters and the page live in the address.
 */
export default function ReservationsPage() {
  usePageMeta(PAGE_TITLE, 'Toutes les réservations : filtrer, rechercher, confirmer, annuler, modifier le statut ou supprimer.');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = queryFromParams(searchParams);
  const { page, ...filters } = query;
  const { state, refreshing, refresh, retry, replace } = useAdminReservations(query, serverMessage);
  const receivables = useReceivables();
  const [exporting, setExporting] = useState(false);
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
        <Alert tone="danger" onRetry={retry}>
          {state.message ? `${LOAD_FAILED} : ${state.message}` : LOAD_FAILED}
        </Alert>
      </div>
    );
  }

  const shown = state.list;
  const pages = pageCount(state.total, state.parPage);
  const filtered = hasFilters(filters);

  const goTo = (next: ListFilters & { page?: number }) => {
    setFeedback(null);
    setEditing(null);
    setSearchParams(paramsOf(next));
  };

  const onRefresh = async () => {
    setFeedback(null);
    setEditing(null);
    receivables.reload();
    if (!(await refresh())) setFeedback({ tone: 'danger', text: REFRESH_FAILED });
  };

  /** After a change: the page and the payment panels read again (a row may leave the filtered list). */
  const afterChange = () => {
    receivables.reload();
    void refresh();
  };

  const onExport = async () => {
    setExporting(true);
    setFeedback(null);
    try {
      saveBlob(await adminApi.reservationsCsv(filters), csvFileName(filters));
    } catch (error) {
      setFeedback({ tone: 'danger', text: serverMessage(error) ? `${CSV_FAILED} : ${serverMessage(error)}` : CSV_FAILED });
    } finally {
      setExporting(false);
    }
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
      afterChange();
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
      if (editing?.id === reservation.id) setEditing(null);
      setFeedback({ tone: 'success', text: message });
      afterChange();
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
      afterChange();
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
      afterChange();
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

      <ReservationFilters
        key={JSON.stringify(filters)}
        filters={filters}
        villes={state.villes}
        onApply={(next: ListFilters) => goTo(next)}
        onClear={() => goTo(NO_FILTERS)}
      />
      <div className="sk-cluster sk-cluster--between sk-gap-3 adm-reservations__summary">
        <p className="adm-reservations__total" aria-live="polite">
          {totalText(state.total, filtered)}
        </p>
        <button
          type="button"
          className="sk-button sk-button--secondary"
          disabled={exporting || state.total === 0}
          aria-busy={exporting || undefined}
          onClick={() => void onExport()}
        >
          Exporter en CSV
        </button>
      </div>

      {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}

      <ReceiptList kind={AWAITED_TRANSFERS} list={receivables.list} busyId={busyId} onReceived={(r) => void onDepositReceived(r)} />
      <ReceiptList kind={BALANCES_DUE} list={receivables.list} busyId={busyId} onReceived={(r) => void onBalanceReceived(r)} />

      {shown.length === 0 ? (
        <div className="adm-table-wrap">
          <p className="adm-empty">{EMPTY}</p>
        </div>
      ) : (
        <div className="adm-table-wrap" role="region" aria-labelledby="adm-reservations-caption" tabIndex={0}>
          <table className="sk-table adm-table">
            <caption id="adm-reservations-caption" className="sk-visually-hidden">
              {`Réservations${filters.statut ? ` « ${filters.statut} »` : ''}${filtered ? ' filtrées' : ''}, ${pageLabel(page, pages).toLowerCase()}`}
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
      {state.total > 0 ? <Pager page={page} pages={pages} /> : null}
    </div>
  );
}
