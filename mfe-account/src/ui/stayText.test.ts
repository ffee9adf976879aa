import { reservation } from '../../test/fixtures';
import { apartmentLocationOf, apartmentTitleOf, euroOr, firstImageOf, nightsText, stayNightsOf, stayRangeText } from './stayText';

it("writes a stay as 'Du 03/12/2026 au 06/12/2026'", () => {
  expect(stayRangeText('2026-12-03', '2026-12-06')).toBe('Du 03/12/2026 au 06/12/2026');
});

it('counts nights from the server, else from the dates, at least one', () => {
  expect(stayNightsOf({ nights: 3, startDate: 'x', endDate: 'y' })).toBe(3);
  expect(stayNightsOf({ nights: Number.NaN, startDate: '2026-12-03', endDate: '2026-12-10' })).toBe(7);
  expect(stayNightsOf({ nights: 0, startDate: 'pas une date', endDate: '2026-12-10' })).toBe(1);
  expect(nightsText(1)).toBe('1 nuit');
  expect(nightsText(2)).toBe('2 nuits');
});

it('reads the first image of a list or of a JSON string list', () => {
  expect(firstImageOf(reservation())).toBe('https://images.test/loft-1.jpg');
  const jsonImages = reservation();
  jsonImages.appartement!.images = JSON.stringify(['/media/demo/a.jpg']) as unknown as string[];
  expect(firstImageOf(jsonImages)).toBe('/media/demo/a.jpg');
  expect(firstImageOf(reservation({ appartement: null }))).toBeUndefined();
});

it("falls back to 'Appartement' and 'Adresse non spécifiée'", () => {
  expect(apartmentTitleOf(reservation({ appartement: null }))).toBe('Appartement');
  expect(apartmentLocationOf(reservation({ appartement: null }))).toBe('Adresse non spécifiée');
  expect(apartmentTitleOf(reservation())).toBe('Loft lumineux Cathédrale');
});

it('writes euros, or the fallback without an amount', () => {
  expect(euroOr(1234.5, '-')).toBe('1 234,50 €');
  expect(euroOr(undefined, 'Non spécifié')).toBe('Non spécifié');
});
