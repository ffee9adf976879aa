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
  useMutation,
  type AdminReservationFilters,
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

/** A row's action (or a payment panel's), sent for one reservation. */
type RowAction =
  | { kind: 'status'; reservation: Reservation; next: ReservationStatus; raison: string | undefined; from: 'quick' | 'edit' }
  | { kind: 'delete'; reservation: Reservation }
  | { kind: 'deposit'; reservation: Reservation }
  | { kind: 'balance'; reservation: Reservation };

/** What an action did, in the admin's words, and the server's row when it answers one. */
interface RowOutcome {
  text: string;
  updated: Reservation | null;
}

async function runRowAction(action: RowAction): Promise<RowOutcome> {
  const { id } = action.reservation;
  switch (action.kind) {
    case 'status': {
      const updated = await reservationsApi.setStatus(id, action.next, action.raison);
      return { text: statusUpdated(updated.status || action.next), updated };
    }
    case 'delete':
      return { text: await adminApi.deleteReservation(id), updated: null };
    case 'deposit': {
      const updated = await reservationsApi.depositReceived(id);
      return { text: depositReceivedText(updated), updated };
    }
    case 'balance':
      return { text: balanceReceivedText(id), updated: await reservationsApi.balanceReceived(id) };
  }
}

/** Why an action failed, in the admin's words (the server's reason when it gives one). */
function rowActionFailure(action: RowAction, error: unknown): string {
  const reason = serverMessage(error);
  switch (action.kind) {
    case 'status':
      return action.from === 'quick' ? statusFailed(reason) : saveFailed(reason);
    case 'delete':
      return reason ? `${DELETE_FAILED} : ${reason}` : DELETE_FAILED;
    case 'deposit':
      return depositFailedText(reason);
    case 'balance':
      return balanceFailedText(reason);
  }
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
  const [editing, setEditing] = useState<{ id: number; status: string } | null>(null);
  /**
   * What the page told last outside a row action's outcome (a failed refresh or export), `null` when
   * it was cleared; `undefined` shows the last row action's outcome, the latest news once it settles.
   */
  const [told, setTold] = useState<Feedback | null | undefined>(undefined);

  const rowAction = useMutation({
    mutationFn: runRowAction,
    onMutate: () => setTold(undefined),
    onSuccess: ({ updated }, action) => {
      if (updated) replace(updated);
      if (action.kind === 'status' && action.from === 'edit') setEditing(null);
      if (action.kind === 'delete') setEditing((current) => (current?.id === action.reservation.id ? null : current));
      // After a change: the page and the payment panels read again (a row may leave the filtered list).
      receivables.reload();
      void refresh();
    },
    onSettled: () => setTold(undefined),
  });
  const busyId = rowAction.isPending ? rowAction.variables.reservation.id : null;
  const feedback: Feedback | null =
    told !== undefined
      ? told
      : rowAction.isSuccess
        ? { tone: 'success', text: rowAction.data.text }
        : rowAction.isError
          ? { tone: 'danger', text: rowActionFailure(rowAction.variables, rowAction.error) }
          : null;

  const exportCsv = useMutation({
    mutationFn: (asked: AdminReservationFilters) => adminApi.reservationsCsv(asked),
    onSuccess: (blob, asked) => saveBlob(blob, csvFileName(asked)),
    onError: (error) => setTold({ tone: 'danger', text: serverMessage(error) ? `${CSV_FAILED} : ${serverMessage(error)}` : CSV_FAILED }),
  });
  const exporting = exportCsv.isPending;

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
    setTold(null);
    setEditing(null);
    setSearchParams(paramsOf(next));
  };

  const onRefresh = async () => {
    setTold(null);
    setEditing(null);
    receivables.reload();
    if (!(await refresh())) setTold({ tone: 'danger', text: REFRESH_FAILED });
  };

  const onExport = () => {
    if (exportCsv.isPending) return;
    setTold(null);
    exportCsv.mutate(filters);
  };

  /** Sends a row's action, unless that row's previous one is still on its way. */
  const send = (action: RowAction) => {
    if (busyId === action.reservation.id) return;
    rowAction.mutate(action);
  };

  /** Sends a status: confirming without the deposit received takes a reason, kept in the books (DECISIONS 34). */
  const sendStatus = (reservation: Reservation, next: ReservationStatus, from: 'quick' | 'edit') => {
    let raison: string | undefined;
    if (next === 'confirmée' && reservation.status !== 'confirmée' && confirmationNeedsReason(reservation)) {
      const answer = window.prompt(CONFIRM_REASON_PROMPT);
      if (answer === null || answer.trim() === '') return;
      raison = answer.trim();
    }
    send({ kind: 'status', reservation, next, raison, from });
  };

  const onQuick = (reservation: Reservation, next: ReservationStatus) => {
    if (next === 'annulée' && !window.confirm(CANCEL_CONFIRMATION)) return;
    sendStatus(reservation, next, 'quick');
  };

  const onSave = (reservation: Reservation) => {
    if (!editing) return;
    const next = editing.status;
    if (next === reservation.status || !(RESERVATION_STATUSES as readonly string[]).includes(next)) {
      setEditing(null);
      return;
    }
    sendStatus(reservation, next as ReservationStatus, 'edit');
  };

  const onDelete = (reservation: Reservation) => {
    if (!window.confirm(DELETE_CONFIRMATION)) return;
    send({ kind: 'delete', reservation });
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
          onClick={onExport}
        >
          Exporter en CSV
        </button>
      </div>

      {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}

      <ReceiptList
        kind={AWAITED_TRANSFERS}
        list={receivables.list}
        busyId={busyId}
        onReceived={(reservation) => send({ kind: 'deposit', reservation })}
      />
      <ReceiptList
        kind={BALANCES_DUE}
        list={receivables.list}
        busyId={busyId}
        onReceived={(reservation) => send({ kind: 'balance', reservation })}
      />

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
                    setTold(null);
                    setEditing({ id: r.id, status: r.status });
                  }}
                  onDraftChange={(next) => setEditing({ id: r.id, status: next })}
                  onSave={() => onSave(r)}
                  onCancelEdit={() => setEditing(null)}
                  onQuick={(next) => onQuick(r, next)}
                  onDelete={() => onDelete(r)}
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
