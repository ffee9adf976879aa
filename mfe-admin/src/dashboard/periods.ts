/** The dashboard's ready-made periods, from today in Metz; both ends included. */
import { addDaysIso } from 'shared-kernel';

export type PresetId = 'mois' | '30jours' | 'trimestre' | 'annee';

export const PRESETS: ReadonlyArray<{ id: PresetId; label: string }> = [
  { id: 'mois', label: 'Ce mois' },
  { id: '30jours', label: '30 jours' },
  { id: 'trimestre', label: 'Ce trimestre' },
  { id: 'annee', label: 'Cette année' },
];

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const firstDay = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;

export function presetPeriod(id: PresetId, today: string): { du: string; au: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  switch (id) {
    case 'mois':
      return { du: firstDay(year, month), au: lastDayOfMonth(year, month) };
    case '30jours':
      return { du: addDaysIso(today, -29), au: today };
    case 'trimestre': {
      const first = month - ((month - 1) % 3);
      return { du: firstDay(year, first), au: lastDayOfMonth(year, first + 2) };
    }
    case 'annee':
      return { du: `${year}-01-01`, au: `${year}-12-31` };
  }
}
