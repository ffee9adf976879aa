import { useState, type FormEvent } from 'react';
import { formatDateFr, serverMessage, Alert, TextField, adminCalendarApi } from 'shared-kernel';
import type { DayRange } from './calendarDays';

export const NO_START_DAY = 'Choisissez les jours dans le calendrier ou indiquez la date de début.';

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
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const submit = async (action: 'bloquer' | 'debloquer', event?: FormEvent) => {
    event?.preventDefault();
    if (apartmentId === null) return;
    const end = au || du;
    if (!du) {
      setFeedback({ tone: 'danger', text: NO_START_DAY });
      return;
    }
    setBusy(true);
    setFeedback(null);
    try {
      if (action === 'bloquer') {
        const n = await adminCalendarApi.block(apartmentId, du, end, note);
        setFeedback({
          tone: 'success',
          text: `${n} ${n > 1 ? 'jours bloqués' : 'jour bloqué'} du ${formatDateFr(du)} au ${formatDateFr(end)}.`,
        });
      } else {
        const n = await adminCalendarApi.unblock(apartmentId, du, end);
        setFeedback({
          tone: 'success',
          text: n === 0 ? 'Aucun jour bloqué à la main sur cette période.' : `${n} ${n > 1 ? 'jours débloqués' : 'jour débloqué'}.`,
        });
      }
      setNote('');
      onDone();
    } catch (error) {
      setFeedback({ tone: 'danger', text: serverMessage(error) ?? "L'opération a échoué. Réessayez." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        className="sk-cluster sk-cluster--end sk-gap-3 adm-cal__toolbar adm-cal__range"
        onSubmit={(e) => void submit('bloquer', e)}
        aria-label="Bloquer ou débloquer des jours"
      >
        <TextField label="Du" type="date" value={du} onChange={(e) => onRangeChange({ du: e.target.value, au })} />
        <TextField label="Au (inclus)" type="date" value={au} onChange={(e) => onRangeChange({ du, au: e.target.value })} />
        <TextField label="Note (facultative)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        <button type="submit" className="sk-button" disabled={busy}>
          Bloquer ces jours
        </button>
        <button type="button" className="sk-button sk-button--secondary" disabled={busy} onClick={() => void submit('debloquer')}>
          Débloquer ces jours
        </button>
      </form>
      {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}
    </>
  );
}
