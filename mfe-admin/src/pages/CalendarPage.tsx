import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDateFr,
  formatLongDate,
  serverMessage,
  Spinner,
  todayIn,
  usePageMeta,
  type CalendarBlockedDay,
  type CalendarData,
  type CalendarStay,
} from 'shared-kernel';
import { calendarApi } from '../calendar/calendarApi';
import { ConflictList } from '../calendar/ConflictBanner';
import { daysOf, monthEnd, monthLabel, monthStart, shiftMonth, weeksOf } from '../calendar/month';
import { Alert } from '../ui/Alert';
import { SelectField, TextField } from '../ui/Field';
import '../ui/page.css';
import '../ui/ui.css';
import '../calendar/calendar.css';

const TITLE = 'Calendrier';
const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

type View = 'mois' | 'frise';

interface DayInfo {
  stays: CalendarStay[];
  blocks: CalendarBlockedDay[];
}

function statusClass(status: string): string {
  if (status === 'confirmée') return 'confirmee';
  if (status === 'terminée') return 'terminee';
  return 'attente';
}

/** What occupies each night of one apartment in the shown month. */
function dayMap(data: CalendarData, appartementId: number): Map<string, DayInfo> {
  const map = new Map<string, DayInfo>();
  const at = (d: string) => {
    let info = map.get(d);
    if (!info) map.set(d, (info = { stays: [], blocks: [] }));
    return info;
  };
  for (const stay of data.reservations) {
    if (stay.appartementId !== appartementId) continue;
    for (const d of daysOf(monthStart(data.du))) if (d >= stay.startDate && d < stay.endDate) at(d).stays.push(stay);
  }
  for (const block of data.jours) if (block.appartementId === appartementId) at(block.date).blocks.push(block);
  return map;
}

function blockLabel(b: CalendarBlockedDay): string {
  if (b.origine === 'manuel') return b.note ? `Bloqué : ${b.note}` : 'Bloqué';
  return b.enConflit ? `Conflit ${b.source ?? ''}`.trim() : `${b.source ?? 'Import'}`;
}

/** Admin (route '/admin/calendrier', issue 14): stays by status, blocked days by origin, conflicts; block or unblock a range. */
export default function CalendarPage() {
  usePageMeta(TITLE, 'Calendrier des appartements : réservations, jours bloqués, calendriers importés et conflits.');
  const id = useId();
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [view, setView] = useState<View>('mois');
  const [apartmentId, setApartmentId] = useState<number | null>(null);
  const [data, setData] = useState<CalendarData | null>(null);
  const [failed, setFailed] = useState(false);
  const [du, setDu] = useState('');
  const [au, setAu] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);

  const load = useCallback(() => {
    setFailed(false);
    calendarApi.calendar(month, monthEnd(month)).then(
      (d) => {
        setData(d);
        setApartmentId((current) => current ?? d.appartements[0]?.id ?? null);
      },
      () => setFailed(true),
    );
  }, [month]);
  useEffect(load, [load]);

  const days = useMemo(() => (data && apartmentId !== null ? dayMap(data, apartmentId) : new Map<string, DayInfo>()), [data, apartmentId]);
  const staysShown = data ? data.reservations.filter((r) => r.appartementId === apartmentId) : [];

  const pick = (d: string) => {
    // First click: start of the range; second: its end (before the start: a new start).
    if (!du || (du && au) || d < du) {
      setDu(d);
      setAu('');
    } else setAu(d);
  };
  const inRange = (d: string) => du !== '' && d >= du && d <= (au || du);

  const submit = async (action: 'bloquer' | 'debloquer', event?: FormEvent) => {
    event?.preventDefault();
    if (apartmentId === null) return;
    const end = au || du;
    if (!du) {
      setFeedback({ tone: 'danger', text: 'Choisissez les jours dans le calendrier ou indiquez la date de début.' });
      return;
    }
    setBusy(true);
    setFeedback(null);
    try {
      if (action === 'bloquer') {
        const n = await calendarApi.block(apartmentId, du, end, note);
        setFeedback({
          tone: 'success',
          text: `${n} ${n > 1 ? 'jours bloqués' : 'jour bloqué'} du ${formatDateFr(du)} au ${formatDateFr(end)}.`,
        });
      } else {
        const n = await calendarApi.unblock(apartmentId, du, end);
        setFeedback({
          tone: 'success',
          text: n === 0 ? 'Aucun jour bloqué à la main sur cette période.' : `${n} ${n > 1 ? 'jours débloqués' : 'jour débloqué'}.`,
        });
      }
      setNote('');
      load();
    } catch (error) {
      setFeedback({ tone: 'danger', text: serverMessage(error) ?? "L'opération a échoué. Réessayez." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sk-page adm-page adm-cal">
      <h1 className="sk-page__title">{TITLE}</h1>
      {data ? <ConflictList conflicts={data.conflits} /> : null}
      <div className="adm-cal__toolbar">
        <button type="button" className="sk-button sk-button--secondary" onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          Mois précédent
        </button>
        <h2 id={`${id}-month`} aria-live="polite">
          {monthLabel(month)}
        </h2>
        <button type="button" className="sk-button sk-button--secondary" onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          Mois suivant
        </button>
        <SelectField label="Vue" value={view} onChange={(e) => setView(e.target.value === 'frise' ? 'frise' : 'mois')}>
          <option value="mois">Mois d'un appartement</option>
          <option value="frise">Frise de tous les appartements</option>
        </SelectField>
        {data && view === 'mois' ? (
          <SelectField label="Appartement" value={apartmentId ?? ''} onChange={(e) => setApartmentId(Number(e.target.value))}>
            {data.appartements.map((a) => (
              <option key={a.id} value={a.id}>
                {a.titre}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <ul className="adm-cal__legend" aria-label="Légende">
        <li>
          <span className="adm-cal__tag adm-cal__tag--confirmee">Confirmée</span>
        </li>
        <li>
          <span className="adm-cal__tag adm-cal__tag--attente">En attente</span>
        </li>
        <li>
          <span className="adm-cal__tag adm-cal__tag--manuel">Bloqué à la main</span>
        </li>
        <li>
          <span className="adm-cal__tag adm-cal__tag--import">Importé (Airbnb, Booking.com…)</span>
        </li>
        <li>
          <span className="adm-cal__tag adm-cal__tag--conflit">Conflit</span>
        </li>
      </ul>
      {failed ? (
        <Alert
          tone="danger"
          actions={
            <button type="button" className="sk-button sk-button--secondary" onClick={load}>
              Réessayer
            </button>
          }
        >
          Le calendrier n'a pas pu être chargé.
        </Alert>
      ) : null}
      {!data && !failed ? <Spinner label="Chargement du calendrier…" /> : null}
      {data && view === 'mois' ? (
        <>
          <table className="adm-cal__grid" aria-labelledby={`${id}-month`}>
            <thead>
              <tr>
                {WEEKDAYS.map((w) => (
                  <th key={w} scope="col">
                    {/* A phone's seventh of the screen holds 'Lun.', not 'Mercredi': one of the two is shown. */}
                    <span className="adm-cal__weekday adm-cal__weekday--full">{w}</span>
                    <abbr className="adm-cal__weekday adm-cal__weekday--short" title={w}>
                      {`${w.slice(0, 3)}.`}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(month).map((week, i) => (
                <tr key={i}>
                  {week.map((d, j) => {
                    if (!d) return <td key={j} />;
                    const info = days.get(d);
                    const tags = [
                      ...(info?.stays ?? []).map((s) => ({
                        key: `r${s.id}`,
                        cls: statusClass(s.status),
                        text: `Réservation n° ${s.id} (${s.status})`,
                      })),
                      ...(info?.blocks ?? []).map((b, k) => ({
                        key: `b${k}`,
                        cls: b.enConflit ? 'conflit' : b.origine,
                        text: blockLabel(b),
                      })),
                    ];
                    return (
                      <td key={d}>
                        <button
                          type="button"
                          className="adm-cal__day"
                          aria-pressed={inRange(d)}
                          onClick={() => pick(d)}
                          aria-label={`${formatLongDate(d)}${tags.length ? ` : ${tags.map((t) => t.text).join(', ')}` : ' : libre'}`}
                        >
                          <span className="adm-cal__num" aria-hidden="true">
                            {Number(d.slice(8))}
                          </span>
                          {tags.map((t) => (
                            <span key={t.key} className={`adm-cal__tag adm-cal__tag--${t.cls}`} aria-hidden="true">
                              {t.text}
                            </span>
                          ))}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <form
            className="adm-cal__toolbar adm-cal__range"
            onSubmit={(e) => void submit('bloquer', e)}
            aria-label="Bloquer ou débloquer des jours"
          >
            <TextField label="Du" type="date" value={du} onChange={(e) => setDu(e.target.value)} />
            <TextField label="Au (inclus)" type="date" value={au} onChange={(e) => setAu(e.target.value)} />
            <TextField label="Note (facultative)" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            <button type="submit" className="sk-button" disabled={busy}>
              Bloquer ces jours
            </button>
            <button type="button" className="sk-button sk-button--secondary" disabled={busy} onClick={() => void submit('debloquer')}>
              Débloquer ces jours
            </button>
          </form>
          {feedback ? <Alert tone={feedback.tone}>{feedback.text}</Alert> : null}
          <section className="adm-cal__stays" aria-labelledby={`${id}-stays`}>
            <h2 id={`${id}-stays`}>Réservations du mois</h2>
            {staysShown.length === 0 ? <p>Aucune réservation ce mois-ci.</p> : null}
            <ul>
              {staysShown.map((s) => (
                <li key={s.id}>
                  <Link to={`/reservation/${s.id}`}>{`Réservation n° ${s.id}`}</Link>
                  {` — ${s.client}, du ${formatDateFr(s.startDate)} au ${formatDateFr(s.endDate)} (${s.status})`}
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      {data && view === 'frise' ? <Timeline data={data} month={month} /> : null}
    </div>
  );
}

/** Every apartment on one line per day of the month: the multi-apartment view. */
function Timeline({ data, month }: { data: CalendarData; month: string }) {
  const monthDays = daysOf(month);
  return (
    <div className="adm-cal__timeline-wrap" tabIndex={0} role="region" aria-label="Frise de tous les appartements">
      <table className="adm-cal__timeline">
        <thead>
          <tr>
            <th scope="col">Appartement</th>
            {monthDays.map((d) => (
              <th key={d} scope="col">
                {Number(d.slice(8))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.appartements.map((a) => {
            const map = dayMap(data, a.id);
            return (
              <tr key={a.id}>
                <th scope="row">{a.titre}</th>
                {monthDays.map((d) => {
                  const info = map.get(d);
                  const stay = info?.stays[0];
                  const block = info?.blocks[0];
                  const conflictHere = info?.blocks.some((b) => b.enConflit);
                  const cls = conflictHere ? 'conflit' : stay ? statusClass(stay.status) : block ? block.origine : null;
                  const text = conflictHere
                    ? 'Conflit'
                    : stay
                      ? `Réservation n° ${stay.id} (${stay.status})`
                      : block
                        ? blockLabel(block)
                        : 'Libre';
                  return (
                    <td key={d} className={cls ? `adm-cal__tag--${cls}` : undefined} title={`${formatDateFr(d)} : ${text}`}>
                      <span className="sk-visually-hidden">{`${formatDateFr(d)} : ${text}`}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
