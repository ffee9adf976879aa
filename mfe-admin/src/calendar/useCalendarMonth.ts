import { useCallback, useEffect, useState } from 'react';
import { todayIn, adminCalendarApi, type AdminCalendar } from 'shared-kernel';
import { monthEnd, monthStart, shiftMonth } from './month';

export interface CalendarMonth {
  month: string;
  /** The town's slug, '' for every town. */
  ville: string;
  data: AdminCalendar | null;
  failed: boolean;
  load: () => void;
  shift: (by: number) => void;
  setVille: (slug: string) => void;
}

/** The admin calendar of one month (the current one first), of every town or one (GET /api/admin/calendrier). */
export function useCalendarMonth(): CalendarMonth {
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [ville, setVille] = useState('');
  const [data, setData] = useState<AdminCalendar | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    adminCalendarApi.calendar(month, monthEnd(month), ville).then(setData, () => setFailed(true));
  }, [month, ville]);
  useEffect(load, [load]);

  const shift = useCallback((by: number) => setMonth((m) => shiftMonth(m, by)), []);
  return { month, ville, data, failed, load, shift, setVille };
}
