/**
 * The admin remote's reads through TanStack Query (issue 33 item 3), declared once like `queries`:
 * keys follow the API path, so a change invalidates by prefix (['admin', 'calendrier'] is every
 * calendar read). Screens call `useQuery(adminQueries.x(…))` and never build a key themselves.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  adminAccessApi,
  adminAccountingApi,
  adminApi,
  adminCalendarApi,
  adminLeadsApi,
  adminPlanningApi,
  adminRefundsApi,
  adminReviewsApi,
  adminStatisticsApi,
  adminTaxeApi,
  type AdminCalendarPage,
  type AdminReservationFilters,
  type StatisticsFilter,
} from './admin-endpoints.js';
import { appartementsApi, reservationsApi } from './endpoints.js';

export const adminQueries = {
  /** GET /api/admin/reservations: one page of the filtered list. */
  reservationsPage: (query: AdminReservationFilters & { page: number }) =>
    queryOptions({ queryKey: ['admin', 'reservations', query] as const, queryFn: () => adminApi.reservationsPage(query) }),
  /** The stays awaiting their deposit or their balance (every page of two filtered lists). */
  receivables: () => queryOptions({ queryKey: ['admin', 'reservations', 'a-recevoir'] as const, queryFn: () => adminApi.receivables() }),
  /** GET /api/reservations/all: every reservation, or one client's. */
  allReservations: (userId?: number) =>
    queryOptions({
      queryKey: ['reservations', 'all', userId ?? null] as const,
      queryFn: () => adminApi.reservations(userId),
    }),
  /** GET /api/appartements: the catalogue, to choose an apartment or to know the slugs and ids taken. */
  /** Every apartment in a few fields, drafts included (GET /api/admin/appartements), for the admin's selects. */
  apartments: () => queryOptions({ queryKey: ['admin', 'appartements'] as const, queryFn: () => appartementsApi.adminIndex() }),
  /** GET /api/admin/reservations/:id/paiements: every payment event of a stay. */
  payments: (reservationId: number) =>
    queryOptions({
      queryKey: ['admin', 'reservations', reservationId, 'paiements'] as const,
      queryFn: () => reservationsApi.payments(reservationId),
    }),
  /** GET /api/users/:id: a client's profile. */
  client: (id: number) => queryOptions({ queryKey: ['users', id] as const, queryFn: () => adminApi.client(id) }),
  /** GET /api/admin/appartements/:id/acces. */
  access: (appartementId: number) =>
    queryOptions({
      queryKey: ['admin', 'appartements', appartementId, 'acces'] as const,
      queryFn: () => adminAccessApi.get(appartementId),
    }),
  /** GET /api/admin/appartements/:id/calendriers: the export address and the imported feeds. */
  apartmentCalendars: (appartementId: number) =>
    queryOptions({
      queryKey: ['admin', 'appartements', appartementId, 'calendriers'] as const,
      queryFn: () => adminCalendarApi.calendars(appartementId),
    }),
  /** GET /api/admin/comptabilite?mois=. */
  accountingMonth: (mois: string) =>
    queryOptions({ queryKey: ['admin', 'comptabilite', mois] as const, queryFn: () => adminAccountingApi.month(mois) }),
  /** GET /api/admin/calendrier: `ville` a town's slug, '' for every town. */
  calendar: (du: string, au: string, ville = '') =>
    queryOptions({ queryKey: ['admin', 'calendrier', du, au, ville] as const, queryFn: () => adminCalendarApi.calendar(du, au, ville) }),
  /**
   * GET /api/admin/calendrier by pages of apartments (the timeline's lines): the next page while the
   * pages received hold fewer apartments than `total`.
   */
  calendarPages: (du: string, au: string, ville = '') =>
    infiniteQueryOptions({
      queryKey: ['admin', 'calendrier', du, au, ville, 'pages'] as const,
      queryFn: ({ pageParam }) => adminCalendarApi.calendarPage(du, au, ville, pageParam),
      initialPageParam: 1,
      getNextPageParam: nextCalendarPage,
    }),
  /** GET /api/admin/calendrier?appartement=: one apartment's period (the month view's grid and stays). */
  calendarOfApartment: (du: string, au: string, appartementId: number) =>
    queryOptions({
      queryKey: ['admin', 'calendrier', du, au, 'appartement', appartementId] as const,
      queryFn: () => adminCalendarApi.calendarOfApartment(du, au, appartementId),
    }),
  /** GET /api/admin/calendrier/conflits. */
  calendarConflicts: () =>
    queryOptions({ queryKey: ['admin', 'calendrier', 'conflits'] as const, queryFn: () => adminCalendarApi.conflicts() }),
  /** GET /api/admin/statistiques. */
  statistics: (filter: StatisticsFilter) =>
    queryOptions({ queryKey: ['admin', 'statistiques', filter] as const, queryFn: () => adminStatisticsApi.figures(filter) }),
  /** GET /api/admin/demandes-proprietaires. */
  leads: () => queryOptions({ queryKey: ['admin', 'demandes-proprietaires'] as const, queryFn: () => adminLeadsApi.list() }),
  /** GET /api/admin/planning: `jours` days from `date`. */
  planning: (date: string, jours: number) =>
    queryOptions({ queryKey: ['admin', 'planning', date, jours] as const, queryFn: () => adminPlanningApi.days(date, jours) }),
  /** GET /api/admin/remboursements: the ones to make; with `all`, the made ones too. */
  refunds: (all = false) => queryOptions({ queryKey: ['admin', 'remboursements', all] as const, queryFn: () => adminRefundsApi.list(all) }),
  /** GET /api/admin/avis: one page, every review or only the unanswered ones. */
  reviews: (query: { page: number; sansReponse: boolean }) =>
    queryOptions({ queryKey: ['admin', 'avis', query] as const, queryFn: () => adminReviewsApi.list(query) }),
  /** GET /api/admin/taxe-de-sejour/taux. */
  taxeRates: () => queryOptions({ queryKey: ['admin', 'taxe-de-sejour', 'taux'] as const, queryFn: () => adminTaxeApi.taux() }),
  /** GET /api/admin/taxe-de-sejour/declaration. */
  taxeDeclaration: (du: string, au: string) =>
    queryOptions({
      queryKey: ['admin', 'taxe-de-sejour', 'declaration', du, au] as const,
      queryFn: () => adminTaxeApi.declaration(du, au),
    }),
};

function nextCalendarPage(last: AdminCalendarPage, pages: AdminCalendarPage[]): number | undefined {
  if (last.appartements.length === 0) return undefined;
  const received = pages.reduce((n, page) => n + page.appartements.length, 0);
  return received < last.total ? last.page + 1 : undefined;
}
