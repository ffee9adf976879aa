import { useState, type FormEvent } from 'react';
import { formatDateFr, serverMessage, Alert, TextField, adminCalendarApi, useMutation } from 'shared-kernel';
import type { DayRange } from './calendarDays';

export const NO_START_DAY = 'Choisissez les jours dans le calendrier ou indiquez la date de début.';

type Action = 'bloquer' | 'debloquer';

/** What a change did, in the admin's words: the number of days it blocked or unblocked. */
function doneText(action: Action, n: number, du: string, end: string): string {
  if (action === 'bloquer') return `${n} ${n > 1 ? 'jours bloqués' : 'jour bloqué'} du ${formatDateFr(du)} au ${formatDateFr(end)}.`;
  return n === 0 ? 'Aucun jour bloqué à la main sur cette période.' : `${n} ${n > 1 ? 'jours débloqués' : 'jour débloqué'}.`;
}

/**
 * Blocks or unblocks a range of one apartment's days (issue 14). The range is the page's, also
 * picked by clicking days in the month grid; `au` left empty means the start day alone.
 * `onDone` reloads the calendar after a change.
 */
export function BlockForm({
  apartmentId,
  range,
  onRangeChange,
  onDone,
}: {
  apartmentId: number | null;
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  onDone: () => void;
}) {
  const { du, au } = range;
  const [note, setNote] = useState('');
  /** Whether the last submit was refused here, the start day missing (nothing was sent). */
  const [noStart, setNoStart] = useState(false);
  const change = useMutation({
    /** The number of days blocked, or unblocked. */
    mutationFn: (asked: { action: Action; apartmentId: number; du: string; end: string; note: string }) =>
      asked.action === 'bloquer'
        ? adminCalendarApi.block(asked.apartmentId, asked.du, asked.end, asked.note)
        : adminCalendarApi.unblock(asked.apartmentId, asked.du, asked.end),
    onSuccess: () => {
      setNote('');
      onDone();
    },
  });
  const busy = change.isPending;
  const feedback = noStart
    ? { tone: 'danger' as const, text: NO_START_DAY }
    : change.isSuccess
      ? { tone: 'success' as const, text: doneText(change.variables.action, change.data, change.variables.du, change.variables.end) }
      : change.isError
        ? { tone: 'danger' as const, text: serverMessage(change.error) ?? "L'opération a échoué. Réessayez." }
        : null;

  const submit = (action: Action, event?: FormEvent) => {
    event?.preventDefault();
    if (apartmentId === null || change.isPending) return;
    const end = au || du;
    if (!du) {
      setNoStart(true);
      return;
    }
    setNoStart(false);
    change.mutate({ action, apartmentId, du, end, note });
  };

  return (
    <>
      <form
        className="sk-cluster sk-cluster--end sk-gap-3 adm-cal__toolbar adm-cal__range"
        onSubmit={(e) => submit('bloquer', e)}
        aria-label="Bloquer ou débloquer des jours"
      >
        <TextField label="Du" type="date" value={du} onChange={(e) => onRangeChange({ du: e.target.value, au })} />
        <TextField label="Au (inclus)" type="date" value={au} onChange={(e) => onRangeChange({ du, au: e.target.value })} />
        <TextField label="Note (facultative)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="sk-button" disabled={busy}>
          Bloquer ces jours
        </button>
        <button type="button" className="sk-button sk-button--secondary" disabled={busy} onClick={() => submit('debloquer')}>
          Débloquer ces jours
        </button>
      </form>
      {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}
    </>
  );
}
