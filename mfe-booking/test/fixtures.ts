/** Apartments and API answers for the booking remote's tests. */
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import {
  decodeAppartement,
  devisSejour,
  formatLongDate,
  REGLES_TARIFAIRES_VIDES,
  type Appartement,
  type DevisSejour,
  type Reservation,
} from 'shared-kernel';
import { isoToLocalDate } from '../src/booking/stayRange';

export function loft(overrides: Record<string, unknown> = {}): Appartement {
  return decodeAppartement({
    id: 42,
    slug: 'loft-cathedrale',
    titre: 'Loft lumineux Cathédrale',
    description: 'Un loft de caractère au pied de la cathédrale.',
    localisation: 'Metz Centre',
    prixParNuit: 89,
    surface: 45,
    note: 4.6,
    nombreAvis: 12,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 1 },
    images: ['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg'],
    ...overrides,
  });
}

export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return {
    id: 77,
    userId: 3,
    appartementId: 42,
    startDate: '2026-12-06',
    endDate: '2026-12-09',
    guestsCount: 2,
    nights: 3,
    totalPrice: 267,
    deposit: 267,
    remainder: 0,
    paymentMethod: 'card',
    paymentCompleted: true,
    status: 'en attente',
    createdAt: '2026-12-01T10:00:00.000Z',
    user: { id: 3, nom: 'Hugo', email: 'hugo@example.fr' },
    appartement: null,
    ...overrides,
  };
}

/** A failed call as axios reports it (what the kernel's `errorStatus` and `serverMessage` read). */
export function httpError(status: number, message?: string): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: message === undefined ? {} : { message } },
  });
}

/** The calendar's button of a day (its spoken name starts with '10 décembre 2026'). */
export function dayButton(iso: string): HTMLElement {
  const date = isoToLocalDate(iso);
  if (!date) throw new Error(`bad date ${iso}`);
  const name = formatLongDate(date);
  const matches = screen
    .getAllByRole('button', { name: new RegExp(`^${name}(, indisponible)?(, \\d+ € la nuit)?$`) })
    .filter((b) => !b.classList.contains('rdrDayPassive'));
  if (matches.length !== 1) throw new Error(`${matches.length} buttons for ${name}`);
  return matches[0]!;
}

export function isDisabledDay(iso: string): boolean {
  return dayButton(iso).classList.contains('rdrDayDisabled');
}

/** Clicks a day of the calendar. */
export async function pickDay(user: UserEvent, iso: string): Promise<void> {
  await user.click(dayButton(iso));
}

/**
 * A stand-in for the server's quote (GET /api/appartements/:id/devis) in component tests: the
 * kernel's own pricing rules without any rule or tax rate, and the server's 400 for a refused stay.
 */
export function fakeQuote(priceOf: () => number | Promise<number>) {
  return async (_id: number, q: { arrivee: string; depart: string; adultes: number; enfants: number }): Promise<DevisSejour> => {
    const result = devisSejour({ ...q, prixParNuit: await priceOf(), regles: REGLES_TARIFAIRES_VIDES, classement: 0, taux: [] });
    if ('refus' in result) throw httpError(400, result.refus);
    const { lignes, total, acompte, reste, nuits } = result.devis;
    return { lignes, total, acompte, reste, nuits };
  };
}
