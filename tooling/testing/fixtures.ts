/**
 * The people, records and failures that the front-end packages' tests all build (issue 33): one
 * client (Marie) and one admin (Alice), a reservation, a profile and an apartment as the API gives
 * them, and axios's failures. Each package keeps in its own test/fixtures.ts only what differs,
 * as overrides of these.
 */
import type { ApiUser, Appartement, Profile, Reservation, SessionUser } from 'shared-kernel';

/** Marie, the client, as the API names her (`nom`). */
export const API_CLIENT: ApiUser = { id: 7, nom: 'Marie Dupont', email: 'marie@example.fr', role: 'client', photo: null, googleId: null };
/** Alice, the admin, as the API names her. */
export const API_ADMIN: ApiUser = { id: 1, nom: 'Alice Admin', email: 'admin@example.fr', role: 'admin', photo: null, googleId: null };

/** A user as the session holds them (`name`). */
export function sessionUser({ nom, ...rest }: ApiUser): SessionUser {
  return { ...rest, name: nom };
}

export const SESSION_CLIENT: SessionUser = sessionUser(API_CLIENT);
export const SESSION_ADMIN: SessionUser = sessionUser(API_ADMIN);

/** Marie's pending three-night stay in the loft, paid by card. */
export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 12,
    userId: 7,
    appartementId: 42,
    startDate: '2026-12-03',
    endDate: '2026-12-06',
    guestsCount: 2,
    nights: 3,
    totalPrice: 267,
    deposit: 267,
    remainder: 0,
    paymentMethod: 'card',
    paymentCompleted: true,
    status: 'en attente',
    createdAt: '2026-11-20T09:15:00.000Z',
    user: { id: 7, nom: 'Marie Dupont', email: 'marie@example.fr' },
    appartement: {
      id: 42,
      slug: 'loft-cathedrale',
      titre: 'Loft lumineux Cathédrale',
      localisation: 'Metz Centre',
      prixParNuit: 89,
      images: ['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg'],
    },
    ...overrides,
  };
}

/** Marie's profile, with a password and no preferences yet. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    ...API_CLIENT,
    aUnMotDePasse: true,
    phone: '06 12 34 56 78',
    billingAddress: '12 rue Serpenoise',
    city: 'Metz',
    postalCode: '57000',
    country: 'France',
    bio: 'Amatrice de patrimoine lorrain.',
    dateNaissance: null,
    methodePaiement: null,
    preferences: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The loft's fields that every apartment answer has (a package adds the optional ones it shows),
 * new objects at each call so that no test's change reaches the next.
 */
export function loftFields() {
  return {
    id: 42,
    slug: 'loft-lumineux-cathedrale',
    titre: 'Loft lumineux Cathédrale',
    description: 'Un loft au pied de la cathédrale Saint-Étienne.',
    localisation: 'Metz Centre',
    prixParNuit: 89,
    surface: 45,
    note: 4.8,
    nombreAvis: 12,
    smoobuId: 1234567 as number | null,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
    images: ['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg'],
  } satisfies Partial<Appartement>;
}

/** A failed call with a response, as axios reports it (what the kernel's `describeFailure` reads). */
export function httpError(status: number, message?: string, code?: string): Error {
  const data: Record<string, string> = {};
  if (message !== undefined) data.message = message;
  if (code !== undefined) data.code = code;
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    request: {},
    response: { status, data, headers: {}, config: {} },
  });
}

/** A call that got no answer (server down, no network). */
export function networkError(): Error {
  return Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} });
}
