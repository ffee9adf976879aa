import { useId, useState } from 'react';
import { addDaysIso, adminQueries, Alert, loadState, parseIsoDate, Spinner, todayIn, usePageMeta, useQuery } from 'shared-kernel';
import { DayPlan } from '../planning/DayPlan';
import '../ui/ui.css';
import '../planning/planning.css';

const TITLE = 'Planning';
export const PLANNING_LOAD_FAILED = 'Le planning n’a pas pu être chargé.';
const SPANS = [
  { jours: 1, label: 'Un jour' },
  { jours: 7, label: 'Sept jours' },
] as const;

/** Admin (route '/admin/planning', issue 30 item 2): who arrives, who leaves, what to clean; printable, phone-sized. */
export default function PlanningPage() {
  usePageMeta(TITLE, 'Arrivées, départs et ménages du jour ou de la semaine.');
  const dateId = useId();
  const spanId = useId();
  const [date, setDate] = useState(() => todayIn('Europe/Paris'));
  const [jours, setJours] = useState<number>(1);
  const read = useQuery(adminQueries.planning(date, jours));
  const state = loadState(read);
  const plan = state.status === 'ready' ? state.data : null;
  const failed = state.status === 'error';
  const load = () => void read.refetch();

  return (
    <div className="sk-page adm-page adm-plan">
      <h1>{TITLE}</h1>
      <div className="sk-cluster sk-cluster--end sk-gap-3 adm-plan__controls">
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={dateId}>
            Jour
          </label>
          <input
            id={dateId}
            type="date"
            className="sk-field__input"
            value={date}
            onChange={(event) => {
              if (parseIsoDate(event.target.value)) setDate(event.target.value);
            }}
          />
        </div>
        <div className="sk-field">
          <label className="sk-field__label" htmlFor={spanId}>
            Période
          </label>
          <select id={spanId} className="sk-field__input" value={jours} onChange={(event) => setJours(Number(event.target.value))}>
            {SPANS.map((s) => (
              <option key={s.jours} value={s.jours}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="sk-button sk-button--secondary" onClick={() => setDate((d) => addDaysIso(d, -jours))}>
          Précédent
        </button>
        <button type="button" className="sk-button sk-button--secondary" onClick={() => setDate(todayIn('Europe/Paris'))}>
          Aujourd’hui
        </button>
        <button type="button" className="sk-button sk-button--secondary" onClick={() => setDate((d) => addDaysIso(d, jours))}>
          Suivant
        </button>
        <button type="button" className="sk-button" onClick={() => window.print()}>
          Imprimer
        </button>
      </div>
      {failed ? (
        <Alert tone="danger" onRetry={load}>
          {PLANNING_LOAD_FAILED}
        </Alert>
      ) : null}
      {plan === null && !failed ? <Spinner /> : null}
      {plan ? plan.jours.map((jour) => <DayPlan key={jour.date} jour={jour} />) : null}
    </div>
  );
}
