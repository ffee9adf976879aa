/** Reservations, profiles and failures as the API and axios give them, for the account pages' tests. */
import type { Profile, Reservation, SessionUser } from 'shared-kernel';

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

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    nom: 'Marie Dupont',
    email: 'marie@example.fr',
    role: 'client',
    photo: null,
    googleId: null,
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

export const owner: SessionUser = { id: 7, name: 'Marie Dupont', email: 'marie@example.fr', role: 'client', photo: null, googleId: null };
export const otherClient: SessionUser = {
  id: 8,
  name: 'Hugo Martin',
  email: 'hugo@example.fr',
  role: 'client',
  photo: null,
  googleId: null,
};
export const admin: SessionUser = { id: 1, name: 'Alice Admin', email: 'admin@example.fr', role: 'admin', photo: null, googleId: null };

/** A failed call with a response, as axios reports it (what the kernel's `describeFailure` reads). */
export function httpError(status: number, message?: string): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    request: {},
    response: { status, data: message === undefined ? {} : { message }, headers: {}, config: {} },
  });
}

/** A call that got no answer (server down, no network). */
export function networkError(): Error {
  return Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} });
}
