import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateFr, Spinner, todayIn, usePageMeta, type CalendarData, Alert, SelectField } from 'shared-kernel';
import { BlockForm } from '../calendar/BlockForm';
import { calendarApi } from '../calendar/calendarApi';
import { dayMap, inRange, pickDay, type DayInfo, type DayRange } from '../calendar/calendarDays';
import { ConflictList } from '../calendar/ConflictBanner';
import { monthEnd, monthLabel, monthStart, shiftMonth } from '../calendar/month';
import { MonthGrid } from '../calendar/MonthGrid';
import { Timeline } from '../calendar/Timeline';
import '../ui/ui.css';
import '../calendar/calendar.css';

const TITLE = 'Calendrier';

type View = 'mois' | 'frise';

/** Admin (route '/admin/calendrier', issue 14): stays by status, blocked days by origin, conflicts; block or unblock a range. */
export default function CalendarPage() {
  usePageMeta(TITLE, 'Calendrier des appartements : réservations, jours bloqués, calendriers importés et conflits.');
  const id = useId();
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [view, setView] = useState<View>('mois');
  const [apartmentId, setApartmentId] = useState<number | null>(null);
  const [data, setData] = useState<CalendarData | null>(null);
  const [failed, setFailed] = useState(false);
  const [range, setRange] = useState<DayRange>({ du: '', au: '' });

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
          <MonthGrid
            month={month}
            days={days}
            labelledBy={`${id}-month`}
            isPicked={(d) => inRange(range, d)}
            onPick={(d) => setRange((r) => pickDay(r, d))}
          />
          <BlockForm apartmentId={apartmentId} range={range} onRangeChange={setRange} onDone={load} />
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
