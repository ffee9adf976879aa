/** The rows the charts and their tables share: each month of the period beside the same month a year before. */
import type { Statistiques, StatistiquesMois } from 'shared-kernel';
import { formatMonth } from './format';

export interface MonthRow {
  mois: string;
  label: string;
  current: StatistiquesMois;
  /** The same month a year before; null when the period has no such month. */
  previous: StatistiquesMois | null;
}

const yearBefore = (mois: string) => `${Number(mois.slice(0, 4)) - 1}${mois.slice(4)}`;

export function monthRows(s: Statistiques): MonthRow[] {
  const before = new Map(s.anneePrecedente.parMois.map((m) => [m.mois, m]));
  return s.parMois.map((m) => ({ mois: m.mois, label: formatMonth(m.mois), current: m, previous: before.get(yearBefore(m.mois)) ?? null }));
}

/** Chart points: percentages and euros (the axes' units). */
export function monthPoints(rows: readonly MonthRow[]) {
  const percent = (taux: number | null | undefined) => (taux == null ? null : Math.round(taux * 1000) / 10);
  return rows.map((r) => ({
    label: r.label,
    taux: percent(r.current.tauxOccupation),
    tauxAvant: percent(r.previous?.tauxOccupation),
    ca: r.current.chiffreAffairesCents / 100,
    caAvant: r.previous ? r.previous.chiffreAffairesCents / 100 : null,
  }));
}
