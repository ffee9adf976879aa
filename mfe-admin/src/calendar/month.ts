/** Month arithmetic of the admin calendar on YYYY-MM-DD strings (calendar dates, no time zone). */
import { addDaysIso } from 'shared-kernel';

export function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function shiftMonth(first: string, by: number): string {
  const [y, m] = first.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 10);
}

export function monthEnd(first: string): string {
  return addDaysIso(shiftMonth(first, 1), -1);
}

export function daysOf(first: string): string[] {
  const out: string[] = [];
  for (let d = first, end = monthEnd(first); d <= end; d = addDaysIso(d, 1)) out.push(d);
  return out;
}

/** Monday-first weeks of the month, with null for the days of the neighbouring months. */
export function weeksOf(first: string): Array<Array<string | null>> {
  const days = daysOf(first);
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const monthName = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function monthLabel(first: string): string {
  const label = monthName.format(new Date(`${first}T00:00:00Z`));
  return label.charAt(0).toUpperCase() + label.slice(1);
}
