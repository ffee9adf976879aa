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
import { httpError, loftFields, reservation as sharedReservation } from '../../tooling/testing/fixtures';
import { isoToLocalDate } from '../src/booking/stayRange';

export { httpError };

export function loft(overrides: Record<string, unknown> = {}): Appartement {
  return decodeAppartement({
    ...loftFields(),
    slug: 'loft-cathedrale',
    description: 'Un loft de caractère au pied de la cathédrale.',
    note: 4.6,
    smoobuId: null,
    politiqueAnnulation: 'Modérée',
    capacite: { voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 1 },
    ...overrides,
  });
}

/** Hugo's stay, as the booking answers it (without the apartment's summary). */
export function reservation(overrides: Partial<Reservation> = {}): Reservation {
  return sharedReservation({
    id: 77,
    userId: 3,
    startDate: '2026-12-06',
    endDate: '2026-12-09',
    createdAt: '2026-12-01T10:00:00.000Z',
    user: { id: 3, nom: 'Hugo', email: 'hugo@example.fr' },
    appartement: null,
    ...overrides,
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
