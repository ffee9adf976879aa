import { useCallback, useMemo, useState } from 'react';
import {
  adminQueries,
  keepPreviousData,
  todayIn,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type AdminCalendar,
  type AdminCalendarPage,
} from 'shared-kernel';
import { monthEnd, monthStart, shiftMonth } from './month';

/** The month of one apartment, or the timeline of every apartment (of one town). */
export type CalendarView = 'mois' | 'frise';

/** The timeline's apartments come by pages: how many there are, and the next page. */
export interface TimelinePages {
  /** The apartments of the town (every town: all of them), loaded or not. */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last next page failed (the lines loaded stay). */
  moreFailed: boolean;
  loadMore: () => void;
}

export interface CalendarMonth {
  month: string;
  /** The town's slug, '' for every town. */
  ville: string;
  /** The view's data: every apartment for the month view, the pages loaded so far for the timeline. */
  data: AdminCalendar | null;
  /** The timeline's pages (null in the month view). */
  pages: TimelinePages | null;
  failed: boolean;
  /** Reads the calendar again (after a change, or a failed read). */
  load: () => void;
  shift: (by: number) => void;
  setVille: (slug: string) => void;
}

/** The pages received as one calendar: their apartments in order, with their stays, days and conflicts. */
function joined(pages: AdminCalendarPage[]): AdminCalendar | null {
  const [first] = pages;
  if (!first) return null;
  return {
    du: first.du,
    au: first.au,
    ville: first.ville,
    villes: first.villes,
    appartements: pages.flatMap((p) => p.appartements),
    reservations: pages.flatMap((p) => p.reservations),
    jours: pages.flatMap((p) => p.jours),
    conflits: pages.flatMap((p) => p.conflits),
  };
}

/**
 * The admin calendar of one month (the current one first), of every town or one (GET
 * /api/admin/calendrier); the month shown stays while the next one loads. The month view reads every
 * apartment (its list to choose one); the timeline reads its lines by pages (issue 32 item 6: 500
 * apartments), the next one when asked by `pages.loadMore` (the timeline, scrolled near its end).
 */
export function useCalendarMonth(view: CalendarView = 'mois'): CalendarMonth {
  const client = useQueryClient();
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [ville, setVille] = useState('');
  const read = useQuery({
    ...adminQueries.calendar(month, monthEnd(month), ville),
    placeholderData: keepPreviousData,
    enabled: view === 'mois',
  });
  const paged = useInfiniteQuery({
    ...adminQueries.calendarPages(month, monthEnd(month), ville),
    placeholderData: keepPreviousData,
    enabled: view === 'frise',
  });
  const pagesData = paged.data?.pages;
  const timeline = useMemo(() => (pagesData ? joined(pagesData) : null), [pagesData]);
  const { fetchNextPage } = paged;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  // Every calendar read (other months, the pages, the conflicts banner) shows the change too.
  const load = useCallback(
    () => void client.invalidateQueries({ queryKey: adminQueries.calendarConflicts().queryKey.slice(0, 2) }),
    [client],
  );
  const shift = useCallback((by: number) => setMonth((m) => shiftMonth(m, by)), []);
  if (view === 'mois')
    return { month, ville, data: read.data ?? null, pages: null, failed: read.isError && !read.isFetching, load, shift, setVille };
  const last = pagesData?.[pagesData.length - 1];
  const moreFailed = paged.isFetchNextPageError && !paged.isFetchingNextPage;
  return {
    month,
    ville,
    data: timeline,
    pages: last ? { total: last.total, hasMore: paged.hasNextPage, loadingMore: paged.isFetchingNextPage, moreFailed, loadMore } : null,
    failed: paged.isError && !paged.isFetching && !paged.isFetchNextPageError,
    load,
    shift,
    setVille,
  };
}
