import { useCallback, useMemo, useState } from 'react';
import {
  adminQueries,
  compareFrench,
  keepPreviousData,
  slugify,
  todayIn,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type AdminCalendar,
  type AdminCalendarPage,
  type AppartementIndex,
  type CalendarData,
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

/** The month view's choice of an apartment: the town's apartments, and the one shown. */
export interface ApartmentChoice {
  /** The apartments of the town (every town: all of them), by title. */
  list: CalendarData['appartements'];
  /** The apartment chosen while the town has it, else its first one; null for a town without any. */
  id: number | null;
  choose: (id: number) => void;
}

export interface CalendarMonth {
  month: string;
  /** The town's slug, '' for every town. */
  ville: string;
  /** The view's data: the chosen apartment's month for the month view, the pages loaded so far for the timeline. */
  data: AdminCalendar | null;
  /** The timeline's pages (null in the month view). */
  pages: TimelinePages | null;
  /** The month view's apartments (null in the timeline, or while they load). */
  apartments: ApartmentChoice | null;
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

/** The apartments of the town `ville` (a slug, '' for every town) in the calendar's order: title, then number. */
function apartmentsOf(index: AppartementIndex[], ville: string): CalendarData['appartements'] {
  return index
    .filter((a) => ville === '' || slugify(a.ville) === ville)
    .sort((a, b) => compareFrench(a.titre, b.titre) || a.id - b.id)
    .map(({ id, titre, slug }) => ({ id, titre, slug }));
}

/**
 * The admin calendar of one month (the current one first), of every town or one (GET
 * /api/admin/calendrier); the month shown stays while the next one loads. The month view lists the
 * apartments from the admin's light list (GET /api/admin/appartements) and reads the chosen one's
 * month only (`appartement`, issue 32: 500 apartments); the timeline reads its lines by pages, the
 * next one when asked by `pages.loadMore` (the timeline, scrolled near its end).
 */
export function useCalendarMonth(view: CalendarView = 'mois'): CalendarMonth {
  const client = useQueryClient();
  const [month, setMonth] = useState(() => monthStart(todayIn('Europe/Paris')));
  const [ville, setVille] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const index = useQuery({ ...adminQueries.apartments(), enabled: view === 'mois' });
  const indexData = index.data;
  const list = useMemo(() => (indexData ? apartmentsOf(indexData, ville) : null), [indexData, ville]);
  const apartmentId = list?.some((a) => a.id === chosenId) ? chosenId : (list?.[0]?.id ?? null);
  const read = useQuery({
    ...adminQueries.calendarOfApartment(month, monthEnd(month), apartmentId ?? 0),
    placeholderData: keepPreviousData,
    enabled: view === 'mois' && apartmentId !== null,
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

  const indexFailed = index.isError;
  const { refetch: readIndex } = index;
  // Every calendar read (other months, the pages, the conflicts banner) shows the change too.
  const load = useCallback(() => {
    if (indexFailed) void readIndex();
    void client.invalidateQueries({ queryKey: adminQueries.calendarConflicts().queryKey.slice(0, 2) });
  }, [client, indexFailed, readIndex]);
  const shift = useCallback((by: number) => setMonth((m) => shiftMonth(m, by)), []);
  if (view === 'mois') {
    // No apartment to read (an empty catalogue): an empty month, as the server would send it.
    const none =
      list?.length === 0
        ? { du: month, au: monthEnd(month), ville: null, villes: [], appartements: [], reservations: [], jours: [], conflits: [] }
        : null;
    return {
      month,
      ville,
      data: apartmentId === null ? none : (read.data ?? null),
      pages: null,
      apartments: list ? { list, id: apartmentId, choose: setChosenId } : null,
      failed: (index.isError && !index.isFetching) || (read.isError && !read.isFetching),
      load,
      shift,
      setVille,
    };
  }
  const last = pagesData?.[pagesData.length - 1];
  const moreFailed = paged.isFetchNextPageError && !paged.isFetchingNextPage;
  return {
    month,
    ville,
    data: timeline,
    pages: last ? { total: last.total, hasMore: paged.hasNextPage, loadingMore: paged.isFetchingNextPage, moreFailed, loadMore } : null,
    apartments: null,
    failed: paged.isError && !paged.isFetching && !paged.isFetchNextPageError,
    load,
    shift,
    setVille,
  };
}
