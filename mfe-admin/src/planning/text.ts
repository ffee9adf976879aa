import { formatDateFr, formatLongDate, parseIsoDate, type PlanningMenage } from 'shared-kernel';

const weekday = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', timeZone: 'UTC' });

/** 'jeudi 26 novembre 2026' for a YYYY-MM-DD day. */
export function dayHeading(iso: string): string {
  const date = parseIsoDate(iso);
  return date ? `${weekday.format(date)} ${formatLongDate(iso)}` : iso;
}

/** How long the cleaning staff have: from the departure to the next arrival. */
export function cleaningWindow(menage: PlanningMenage): string {
  const leaving = menage.departHeure ? `départ ${menage.departHeure}` : 'départ';
  if (!menage.prochaineArrivee) return `${leaving} ; aucune arrivée prévue ensuite`;
  const arriving = menage.prochaineArrivee.heure ? `arrivée ${menage.prochaineArrivee.heure}` : 'arrivée';
  return menage.rotation
    ? `Rotation : ${leaving}, ${arriving} le même jour`
    : `${leaving} ; prochaine ${arriving} le ${formatDateFr(menage.prochaineArrivee.date)}`;
}

export function travellers(count: number | null): string {
  return count === null ? '' : `${count} voyageur${count > 1 ? 's' : ''}`;
}
