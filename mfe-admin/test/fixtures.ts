/** Apartments, reservations, profiles, sessions and failures as the API and axios give them, for the admin pages' tests. */
import type { Appartement, Profile, Reservation, SessionUser } from 'shared-kernel';

export function appartement(overrides: Partial<Appartement> = {}): Appartement {
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
    smoobuId: 1234567,
    politiqueAnnulation: 'Flexible',
    capacite: { voyageurs: 4, chambres: 2, lits: 2, sallesDeBain: 1 },
    inclus: ['Wifi', 'Cuisine', 'Lave-vaisselle'],
    nonInclus: ['Animaux de compagnie'],
    images: ['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg'],
    hote: { nom: 'Claire', experience: '3 ans', tauxReponse: '100%', delaiReponse: '1h' },
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 4 },
    equipements: { salleDeBain: ['Sèche-cheveux'], internetEtBureau: ['Wifi'] },
    ...overrides,
  };
}

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
    // A reservation no money moved on may be deleted (issue 31).
    supprimable: true,
    status: 'en attente',
    createdAt: '2026-11-20T09:15:00.000Z',
    user: { id: 7, nom: 'Marie Dupont', email: 'marie@example.fr' },
    appartement: {
      id: 42,
      slug: 'loft-lumineux-cathedrale',
      titre: 'Loft lumineux Cathédrale',
      localisation: 'Metz Centre',
      prixParNuit: 89,
      images: ['https://images.test/loft-1.jpg'],
    },
    ...overrides,
  };
}

/** Three reservations of two clients in two apartments, newest first. */
export function threeReservations(): Reservation[] {
  return [
    reservation(),
    reservation({
      id: 15,
      userId: 8,
      status: 'confirmée',
      startDate: '2027-01-10',
      endDate: '2027-01-12',
      guestsCount: 1,
      totalPrice: 240,
      user: { id: 8, nom: 'Hugo Martin', email: 'hugo@example.fr' },
      appartement: { id: 43, slug: 'studio-gare', titre: 'Studio de la Gare', localisation: 'Metz Gare', prixParNuit: 120, images: [] },
    }),
    reservation({ id: 3, status: 'annulée', startDate: '2026-10-01', endDate: '2026-10-04', totalPrice: 300 }),
  ];
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
    dateNaissance: '1990-04-15',
    methodePaiement: 'card',
    preferences: { newsletter: true, langue: 'fr', typesLogement: ['Loft', 'Studio'] },
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export const admin: SessionUser = { id: 1, name: 'Alice Admin', email: 'admin@example.fr', role: 'admin', photo: null, googleId: null };
export const client: SessionUser = { id: 7, name: 'Marie Dupont', email: 'marie@example.fr', role: 'client', photo: null, googleId: null };

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

/** A promise the test settles itself. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
