import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateFr, type CalendarData } from 'shared-kernel';
import { BlockForm } from './BlockForm';
import { dayMap, inRange, pickDay, type DayRange } from './calendarDays';
import { MonthGrid } from './MonthGrid';

/** One apartment's month: the grid (a range of days picked in it), the block form, and the month's stays. */
export function MonthView({
  data,
  month,
  apartmentId,
  labelledBy,
  onChanged,
}: {
  data: CalendarData;
  month: string;
  apartmentId: number | null;
  labelledBy: string;
  onChanged: () => void;
}) {
  const id = useId();
  const [range, setRange] = useState<DayRange>({ du: '', au: '' });
  const days = useMemo(() => dayMap(data, apartmentId ?? -1), [data, apartmentId]);
  const staysShown = data.reservations.filter((r) => r.appartementId === apartmentId);
  return (
    <>
      <MonthGrid
        month={month}
        days={days}
        labelledBy={labelledBy}
        isPicked={(d) => inRange(range, d)}
        onPick={(d) => setRange((r) => pickDay(r, d))}
      />
      <BlockForm apartmentId={apartmentId} range={range} onRangeChange={setRange} onDone={onChanged} />
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
  );
}
