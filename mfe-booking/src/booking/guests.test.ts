import { decodeAppartement } from 'shared-kernel';
import { CHECKOUT_GUESTS_MAX, clampGuests, guestsText, travellerOptions } from './guests';

it('offers 1 to the capacity, or 1 to 4 when it is unknown', () => {
  expect(travellerOptions(decodeAppartement({ capacite: { voyageurs: 6, chambres: 2, lits: 3, sallesDeBain: 1 } }))).toEqual([
    1, 2, 3, 4, 5, 6,
  ]);
  expect(travellerOptions({ capacite: { voyageurs: 0, chambres: 1, lits: 1, sallesDeBain: 1 } })).toEqual([1, 2, 3, 4]);
  expect(travellerOptions({ capacite: { voyageurs: Number.NaN, chambres: 1, lits: 1, sallesDeBain: 1 } })).toEqual([1, 2, 3, 4]);
});

it('keeps a guest count between 1 and 10', () => {
  expect(clampGuests(0)).toBe(1);
  expect(clampGuests(11)).toBe(CHECKOUT_GUESTS_MAX);
  expect(clampGuests('3')).toBe(3);
  expect(clampGuests(undefined)).toBe(1);
});

it("writes 'N voyageur(s)'", () => {
  expect(guestsText(2)).toBe('2 voyageur(s)');
  expect(guestsText(1)).toBe('1 voyageur(s)');
});
