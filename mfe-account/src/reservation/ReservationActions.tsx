import { flushSync } from 'react-dom';
import {
  CONFIRM_REASON_PROMPT,
  confirmationNeedsReason,
  reservationsApi,
  serverMessage,
  useMutation,
  type Reservation,
  type ReservationStatus,
} from 'shared-kernel';
import { ACTION_LABEL, ACTION_STATUS, availableActions, type ReservationAction, type Viewer } from './permissions';
import { CANCEL_CONFIRMATION, NO_ACTION_TEXT, STATUS_UPDATE_FAILED, statusUpdatedText } from './text';
import './reservation.css';

const BUTTON_CLASS: Readonly<Record<ReservationAction, string>> = {
  confirm: 'sk-button sk-button--success',
  complete: 'sk-button sk-button--info',
  cancel: 'sk-button sk-button--danger',
};

export interface ReservationActionsProps {
  reservation: Reservation;
  viewer: Viewer | null;
  /** Receives the reservation the server answered with. */
  onUpdated: (reservation: Reservation) => void;
}

/**
 * The 'Actions' block (spec sections 4 and 6): the status changes the viewer may ask for. The caller
 * shows it only when `canSeeActions`. Cancelling asks for confirmation first; the outcome is told
 * with the spec's alerts.
 */
export function ReservationActions({ reservation, viewer, onUpdated }: ReservationActionsProps) {
  const change = useMutation({
    mutationFn: ({ status, raison }: { status: ReservationStatus; raison?: string }) =>
      reservationsApi.setStatus(reservation.id, status, raison),
  });
  const busy = change.isPending;
  const actions = availableActions(viewer, reservation);

  const run = async (action: ReservationAction) => {
    if (busy) return;
    if (action === 'cancel' && !window.confirm(CANCEL_CONFIRMATION)) return;
    // Confirming without the deposit received takes a reason (the server refuses without it).
    let raison: string | undefined;
    if (action === 'confirm' && confirmationNeedsReason(reservation)) {
      const answer = window.prompt(CONFIRM_REASON_PROMPT);
      if (answer === null || answer.trim() === '') return;
      raison = answer.trim();
    }
    const status = ACTION_STATUS[action];
    let updated: Reservation;
    try {
      updated = await change.mutateAsync({ status, raison });
    } catch (error) {
      // The buttons come back before the (blocking) alert tells the failure.
      flushSync(() => undefined);
      // The server's French reason, when it gave one (a reason too short, a cancelled stay's closed books).
      const reason = serverMessage(error);
      window.alert(reason ? `${STATUS_UPDATE_FAILED} ${reason}` : STATUS_UPDATE_FAILED);
      return;
    }
    // The screen shows the server's reservation before the (blocking) alert tells the outcome.
    flushSync(() => onUpdated(updated));
    window.alert(statusUpdatedText(updated.status || status));
  };

  return (
    <section className="sk-card" aria-labelledby="acc-actions-title">
      <h2 id="acc-actions-title" className="sk-card__title">
        Actions
      </h2>
      {actions.length === 0 ? (
        <p className="sk-muted">{NO_ACTION_TEXT}</p>
      ) : (
        <div className="acc-actions" aria-busy={busy || undefined}>
          {actions.map((action) => (
            <button key={action} type="button" className={BUTTON_CLASS[action]} disabled={busy} onClick={() => void run(action)}>
              {ACTION_LABEL[action]}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
