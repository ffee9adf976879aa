/**
 * Every read the screens make through TanStack Query, declared once (issue 33 item 3): its key and
 * its fetcher. Keys follow the API path, so a change invalidates by prefix (['reservations'] is every
 * reservation read). Screens call `useQuery(queries.x(…))` and never build a key themselves.
 */
import { queryOptions } from '@tanstack/react-query';
import { invoicesApi, mailPreferencesApi } from './account-endpoints.js';
import { appartementsApi, reservationsApi, usersApi } from './endpoints.js';

export const queries = {
  /** GET /api/appartements/:slug (the page's own data when the server wrote it). */
  apartment: (slug: string) => queryOptions({ queryKey: ['appartements', slug] as const, queryFn: () => appartementsApi.bySlug(slug) }),
  /** GET /api/appartements/disponibilites/:id: blocked days and the nights of other stays. */
  unavailableDays: (id: number) =>
    queryOptions({
      queryKey: ['appartements', 'disponibilites', id] as const,
      queryFn: () => appartementsApi.unavailableDays(id),
    }),
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
