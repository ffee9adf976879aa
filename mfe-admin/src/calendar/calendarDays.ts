/** What the admin calendar shows on each day: stays by status, blocked days by origin (issue 14). */
import type { CalendarBlockedDay, CalendarData, CalendarStay } from 'shared-kernel';
import { daysOf, monthStart } from './month';

export interface DayInfo {
  stays: CalendarStay[];
  blocks: CalendarBlockedDay[];
}

export function statusClass(status: string): string {
  if (status === 'confirmée') return 'confirmee';
  if (status === 'terminée') return 'terminee';
  return 'attente';
}

/** What occupies each night of one apartment in the shown month. */
export function dayMap(data: CalendarData, appartementId: number): Map<string, DayInfo> {
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

/**
 * What occupies each night of every apartment in the shown month, read in one pass over the stays
 * and the blocked days (not once per apartment: 500 lines on the timeline).
 */
export function dayMaps(data: CalendarData): Map<number, Map<string, DayInfo>> {
  const maps = new Map<number, Map<string, DayInfo>>();
  const at = (appartementId: number, d: string) => {
    let map = maps.get(appartementId);
    if (!map) maps.set(appartementId, (map = new Map<string, DayInfo>()));
    let info = map.get(d);
    if (!info) map.set(d, (info = { stays: [], blocks: [] }));
    return info;
  };
  const days = daysOf(monthStart(data.du));
  for (const stay of data.reservations)
    for (const d of days) if (d >= stay.startDate && d < stay.endDate) at(stay.appartementId, d).stays.push(stay);
  for (const block of data.jours) at(block.appartementId, block.date).blocks.push(block);
  return maps;
}

export function blockLabel(b: CalendarBlockedDay): string {
  if (b.origine === 'manuel') return b.note ? `Bloqué : ${b.note}` : 'Bloqué';
  return b.enConflit ? `Conflit ${b.source ?? ''}`.trim() : `${b.source ?? 'Import'}`;
}

/** The days the admin picked: `au` empty while only the first day is chosen. */
export interface DayRange {
  du: string;
  au: string;
}

/** A click on a day: first the start of the range, then its end (a day before the start starts a new range). */
export function pickDay(range: DayRange, d: string): DayRange {
  const { du, au } = range;
  return !du || au || d < du ? { du: d, au: '' } : { du, au: d };
}

export const inRange = ({ du, au }: DayRange, d: string) => du !== '' && d >= du && d <= (au || du);
