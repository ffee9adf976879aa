import { useId, useState } from 'react';
import { Alert, SelectField, Spinner, usePageMeta } from 'shared-kernel';
import { CalendarLegend } from '../calendar/CalendarLegend';
import { ConflictBanner } from '../calendar/ConflictBanner';
import { monthLabel } from '../calendar/month';
import { MonthView } from '../calendar/MonthView';
import { Timeline } from '../calendar/Timeline';
import { useCalendarMonth, type CalendarView } from '../calendar/useCalendarMonth';
import '../ui/ui.css';
import '../calendar/calendar.css';

const TITLE = 'Calendrier';

/**
 * Admin (route '/admin/calendrier', issue 14): stays by status, blocked days by origin, conflicts;
 * one apartment's month (block or unblock a range) or the timeline of every apartment, of one town,
 * whose lines load by pages as it scrolls.
 */
export default function CalendarPage() {
  usePageMeta(TITLE, 'Calendrier des appartements : réservations, jours bloqués, calendriers importés et conflits.');
  const id = useId();
  const [view, setView] = useState<CalendarView>('mois');
  const { month, ville, data, pages, apartments, failed, load, shift, setVille } = useCalendarMonth(view);
  const apartmentId = apartments?.id ?? null;
  // The town of the data shown (the label follows the lines, not the choice still loading).
  const town = data?.villes.find((v) => v.slug === data.ville);

  return (
    <div className="sk-page adm-page adm-cal">
      <h1 className="sk-page__title">{TITLE}</h1>
      {/* Every current conflict, of any month and apartment: not only those of the apartment or pages read. */}
      <ConflictBanner />
      <div className="sk-cluster sk-cluster--end sk-gap-3 adm-cal__toolbar">
        <button type="button" className="sk-button sk-button--secondary" onClick={() => shift(-1)}>
          Mois précédent
        </button>
        <h2 id={`${id}-month`} aria-live="polite">
          {monthLabel(month)}
        </h2>
        <button type="button" className="sk-button sk-button--secondary" onClick={() => shift(1)}>
          Mois suivant
        </button>
        <SelectField label="Vue" value={view} onChange={(e) => setView(e.target.value === 'frise' ? 'frise' : 'mois')}>
          <option value="mois">Mois d'un appartement</option>
          <option value="frise">Frise de tous les appartements</option>
        </SelectField>
        {data ? (
          <SelectField label="Ville" value={ville} onChange={(e) => setVille(e.target.value)}>
            <option value="">Toutes les villes</option>
            {data.villes.map((v) => (
              <option key={v.slug} value={v.slug}>
                {`${v.ville} (${v.nombre})`}
              </option>
            ))}
          </SelectField>
        ) : null}
        {data && apartments ? (
          <SelectField label="Appartement" value={apartmentId ?? ''} onChange={(e) => apartments.choose(Number(e.target.value))}>
            {apartments.list.map((a) => (
              <option key={a.id} value={a.id}>
                {a.titre}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      <CalendarLegend />
      {failed ? (
        <Alert tone="danger" onRetry={load}>
          Le calendrier n'a pas pu être chargé.
        </Alert>
      ) : null}
      {!data && !failed ? <Spinner label="Chargement du calendrier…" /> : null}
      {data && view === 'mois' ? (
        <MonthView data={data} month={month} apartmentId={apartmentId} labelledBy={`${id}-month`} onChanged={load} />
      ) : null}
      {data && view === 'frise' ? (
        <Timeline
          data={data}
          month={month}
          pages={pages}
          label={town ? `Frise des appartements de ${town.ville}` : 'Frise de tous les appartements'}
        />
      ) : null}
    </div>
  );
}
