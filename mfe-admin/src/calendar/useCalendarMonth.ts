import { useCallback, useState } from 'react';
import { adminQueries, keepPreviousData, todayIn, useQuery, useQueryClient, type AdminCalendar } from 'shared-kernel';
import { monthEnd, monthStart, shiftMonth } from './month';

export interface CalendarMonth {
  month: string;
  /** The town's slug, '' for every town. */
  ville: string;
  data: AdminCalendar | null;
  failed: boolean;
  /** Reads the calendar again (after a change, or a failed read). */
  load: () => void;
  shift: (by: number) => void;
  setVille: (slug: string) => void;
}

/**
 * The admin calendar of one month (the current one first), of every town or one (GET
 * /api/admin/calendrier); the month shown stays while the next one loads.
 */
export function useCalendarMonth(): CalendarMonth {
  const client = useQueryClient();
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [ville, setVille] = useState('');
  const read = useQuery({ ...adminQueries.calendar(month, monthEnd(month), ville), placeholderData: keepPreviousData });

  // Every calendar read (other months, the conflicts banner) shows the change too.
  const load = useCallback(
    () => void client.invalidateQueries({ queryKey: adminQueries.calendarConflicts().queryKey.slice(0, 2) }),
    [client],
  );
  const shift = useCallback((by: number) => setMonth((m) => shiftMonth(m, by)), []);
  return { month, ville, data: read.data ?? null, failed: read.isError && !read.isFetching, load, shift, setVille };
}
