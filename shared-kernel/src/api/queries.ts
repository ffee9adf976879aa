/**
 * Every read the screens make through TanStack Query, declared once (issue 33 item 3): its key and
 * its fetcher. Keys follow the API path, so a change invalidates by prefix (['reservations'] is every
 * reservation read). Screens call `useQuery(queries.x(…))` and never build a key themselves.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { invoicesApi, mailPreferencesApi } from './account-endpoints.js';
import { staySearchQuery, type StaySearch } from '../rules/search.js';
import { appartementsApi, reservationsApi, usersApi, type SearchAnswer } from './endpoints.js';
import { http } from './http.js';

export const queries = {
  /** GET /api/appartements/slug/:slug. */
  apartment: (slug: string) => queryOptions({ queryKey: ['appartements', slug] as const, queryFn: () => appartementsApi.bySlug(slug) }),
  /** GET /api/appartements/:id/avis: the reviews, their average and count per star. */
  apartmentReviews: (id: number) =>
    queryOptions({ queryKey: ['appartements', id, 'avis'] as const, queryFn: () => appartementsApi.reviews(id) }),
  /**
   * GET /api/appartements?…&page=n: the search's pages, one answer each (or the French reason the stay
   * is refused), from page 1; « Afficher plus » asks the next while the pages so far hold fewer
   * apartments than the total. The server's page data fills its first page (page-queries.ts).
   */
  searchPages: (search: StaySearch) =>
    infiniteQueryOptions({
      queryKey: ['appartements', 'recherche', staySearchQuery(search)] as const,
      queryFn: ({ pageParam }) => appartementsApi.search(search, pageParam),
      initialPageParam: 1,
      getNextPageParam: nextSearchPage,
    }),
  /**
   * @deprecated Kernel 0.1.4's first page of the search, kept for catalogue releases built against it
   * (they call it on the host's kernel): the screens read `searchPages`, whose first page the page's
   * data fills, so such a release finds nothing here and fetches its first page.
   */
  searchFirstPage: (search: StaySearch) =>
    queryOptions({
      queryKey: ['appartements', 'recherche', staySearchQuery(search), 'page', 1] as const,
      queryFn: () => appartementsApi.search(search, 1),
    }),
  /**
   * A public answer a content page states as the API sends it (`/legal`, `/paiements/options`,
   * `/site/chiffres`); the page decodes it.
   */
  publicAnswer: (path: string) =>
    queryOptions({
      queryKey: ['public', path] as const,
      queryFn: async () => (await http.get<unknown>(path)).data,
    }),
  /** GET /api/appartements/disponibilites/:id: blocked days and the nights of other stays. */
  unavailableDays: (id: number) =>
    queryOptions({
      queryKey: ['appartements', 'disponibilites', id] as const,
      queryFn: () => appartementsApi.unavailableDays(id),
    }),
  /** GET /api/appartements/:id/devis: the server's quote of a stay, the only price a booking is made at. */
  quote: (id: number, stay: { arrivee: string; depart: string; adultes: number; enfants: number }) =>
    queryOptions({
      queryKey: ['appartements', id, 'devis', stay.arrivee, stay.depart, stay.adultes, stay.enfants] as const,
      queryFn: () => appartementsApi.devis(id, stay),
    }),
  /** GET /api/appartements/:id/calendrier: each day's nightly price and minimum stay, `du` to `au`. */
  nightlyPrices: (id: number, du: string, au: string) =>
    queryOptions({
      queryKey: ['appartements', id, 'calendrier', du, au] as const,
      queryFn: () => appartementsApi.calendrier(id, du, au),
    }),
  /** GET /api/paiements/options: the payment methods the server's configuration offers now. */
  paymentOptions: () => queryOptions({ queryKey: ['paiements', 'options'] as const, queryFn: () => reservationsApi.paymentOptions() }),
  /** GET /api/users/profile: the signed-in user's own profile. */
  profile: () => queryOptions({ queryKey: ['users', 'profile'] as const, queryFn: () => usersApi.profile() }),
  /** GET /api/users/mail-preferences. */
  mailPreferences: () => queryOptions({ queryKey: ['users', 'mail-preferences'] as const, queryFn: () => mailPreferencesApi.load() }),
  /** GET /api/reservations/user: the caller's reservations, newest first. */
  myReservations: () => queryOptions({ queryKey: ['reservations', 'user'] as const, queryFn: () => reservationsApi.mine() }),
  /** GET /api/reservations/:id. */
  reservation: (id: string) => queryOptions({ queryKey: ['reservations', id] as const, queryFn: () => reservationsApi.get(id) }),
  /** GET /api/reservations/:id/factures. */
  invoices: (reservationId: number) =>
    queryOptions({
      queryKey: ['reservations', String(reservationId), 'factures'] as const,
      queryFn: () => invoicesApi.ofReservation(reservationId),
    }),
};

/**
 * The page after the last one, while the pages so far hold fewer apartments than the total the last
 * answered (a page counted as sent, duplicates included) and the last was not empty; none after a refusal.
 */
function nextSearchPage(last: SearchAnswer, pages: SearchAnswer[]): number | undefined {
  if ('refus' in last || last.page.appartements.length === 0) return undefined;
  const received = pages.reduce((n, answer) => n + ('page' in answer ? answer.page.appartements.length : 0), 0);
  return received < last.page.total ? last.page.page + 1 : undefined;
}
