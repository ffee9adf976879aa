/**
 * Apartments, reservations, profiles, sessions and failures as the API and axios give them, for the
 * admin pages' tests: the builders every package shares (tooling/testing/fixtures.ts) with the
 * admin's own details.
 */
import type { Appartement, Profile, Reservation, SessionUser } from 'shared-kernel';
import {
  loftFields,
  profile as sharedProfile,
  reservation as sharedReservation,
  SESSION_ADMIN,
  SESSION_CLIENT,
} from '../../tooling/testing/fixtures';

export { httpError, networkError } from '../../tooling/testing/fixtures';

export function appartement(overrides: Partial<Appartement> = {}): Appartement {
  return {
    ...loftFields(),
    inclus: ['Wifi', 'Cuisine', 'Lave-vaisselle'],
    nonInclus: ['Animaux de compagnie'],
    hote: { nom: 'Claire', experience: '3 ans', tauxReponse: '100%', delaiReponse: '1h' },
    regles: { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 4 },
    equipements: { salleDeBain: ['Sèche-cheveux'], internetEtBureau: ['Wifi'] },
    ...overrides,
  };
}

export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return sharedReservation({
    // A reservation no money moved on may be deleted (issue 31).
    supprimable: true,
    appartement: {
      id: 42,
      slug: 'loft-lumineux-cathedrale',
      titre: 'Loft lumineux Cathédrale',
      localisation: 'Metz Centre',
      prixParNuit: 89,
      images: ['https://images.test/loft-1.jpg'],
    },
    ...overrides,
  });
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
  return sharedProfile({
    dateNaissance: '1990-04-15',
    methodePaiement: 'card',
    preferences: { newsletter: true, langue: 'fr', typesLogement: ['Loft', 'Studio'] },
    ...overrides,
  });
}

export const admin: SessionUser = SESSION_ADMIN;
export const client: SessionUser = SESSION_CLIENT;

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
