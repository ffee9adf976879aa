import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  formatCents,
  formatDateTimeParis,
  serverMessage,
  type PlanningJour,
  type PlanningMenage,
  type PlanningMouvement,
  Alert,
  adminPlanningApi,
  useMutation,
} from 'shared-kernel';
import { cleaningWindow, dayHeading, travellers } from './text';

export const CLEANING_MARK = 'Marquer le ménage fait';
export const CLEANING_UNDO = 'Annuler « fait »';
export const CLEANING_SAVE_FAILED = 'Le ménage n’a pas pu être enregistré. Veuillez réessayer.';

function Movement({ item }: { item: PlanningMouvement }) {
  return (
    <li className="adm-plan__item">
      <span className="adm-plan__apartment">{item.appartementTitre}</span>
      <span>
        {item.reservationId === null ? (
          `${item.voyageur} (autre canal)`
        ) : (
          <Link to={`/reservation/${item.reservationId}`}>{item.voyageur}</Link>
        )}
        {item.voyageurs === null ? '' : ` · ${travellers(item.voyageurs)}`}
        {item.heure ? ` · ${item.heure}` : ''}
      </span>
      {item.resteDuCents !== null && item.resteDuCents > 0 ? (
        <span className="adm-plan__due">{`Reste à payer : ${formatCents(item.resteDuCents)}`}</span>
      ) : null}
    </li>
  );
}

function Cleaning({ date, menage }: { date: string; menage: PlanningMenage }) {
  const [fait, setFait] = useState(menage.fait);
  const change = useMutation({
    /** Undoes a done cleaning (then none is done), or marks it done (the server's record of it). */
    mutationFn: async (undo: boolean) => {
      if (!undo) return adminPlanningApi.markDone(menage.appartementId, date);
      await adminPlanningApi.undo(menage.appartementId, date);
      return null;
    },
    onSuccess: (done) => setFait(done),
  });
  const busy = change.isPending;
  const error = change.isError ? (serverMessage(change.error) ?? CLEANING_SAVE_FAILED) : null;
  const toggle = () => {
    if (change.isPending) return;
    change.mutate(fait !== null);
  };
  return (
    <li className={`adm-plan__item${menage.rotation ? ' adm-plan__item--turnover' : ''}`}>
      <span className="adm-plan__apartment">{menage.appartementTitre}</span>
      <span>{cleaningWindow(menage)}</span>
      <span className="adm-plan__done">
        {fait ? `Fait${fait.par ? ` par ${fait.par}` : ''} le ${formatDateTimeParis(fait.le)}` : 'À faire'}
      </span>
      <button
        type="button"
        className="sk-button sk-button--secondary sk-button--small adm-plan__action"
        disabled={busy}
        // The visible words start the name (WCAG 2.5.3); the apartment tells one row's button from another's.
        aria-label={`${fait ? CLEANING_UNDO : CLEANING_MARK} : ${menage.appartementTitre}`}
        onClick={toggle}
      >
        {fait ? CLEANING_UNDO : CLEANING_MARK}
      </button>
      {error ? <Alert tone="danger">{error}</Alert> : null}
    </li>
  );
}

function Group({ title, empty, count, children }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section className="adm-plan__group">
      <h3>{`${title} (${count})`}</h3>
      {count === 0 ? <p className="adm-plan__empty">{empty}</p> : <ul className="sk-list sk-rows adm-plan__list">{children}</ul>}
    </section>
  );
}

/** One day of the planning: arrivals, departures, then the cleanings (turnovers first, as the server orders them). */
export function DayPlan({ jour }: { jour: PlanningJour }) {
  return (
    <section className="adm-plan__day" aria-labelledby={`jour-${jour.date}`}>
      <h2 id={`jour-${jour.date}`}>{dayHeading(jour.date)}</h2>
      <div className="adm-plan__groups">
        <Group title="Arrivées" empty="Aucune arrivée." count={jour.arrivees.length}>
          {jour.arrivees.map((a) => (
            <Movement key={`${a.reservationId ?? 'ext'}-${a.appartementId}-${a.debut}`} item={a} />
          ))}
        </Group>
        <Group title="Départs" empty="Aucun départ." count={jour.departs.length}>
          {jour.departs.map((d) => (
            <Movement key={`${d.reservationId ?? 'ext'}-${d.appartementId}-${d.fin}`} item={d} />
          ))}
        </Group>
        <Group title="Ménages" empty="Aucun ménage." count={jour.menages.length}>
          {jour.menages.map((m) => (
            <Cleaning key={`${m.appartementId}-${jour.date}`} date={jour.date} menage={m} />
          ))}
        </Group>
      </div>
    </section>
  );
}
