import { nightsText, priceLineText, stayPrice, stayText } from './stayText';

it('describes a stay with French day and month and its nights', () => {
  expect(stayText('2026-12-03', '2026-12-06')).toBe('du 3 décembre au 6 décembre, 3 nuits');
  expect(stayText('2026-12-31', '2027-01-01')).toBe('du 31 décembre au 1 janvier, 1 nuit');
});

it('writes the price line', () => {
  expect(priceLineText(89, 3)).toBe('89 € x 3 nuits');
  expect(priceLineText(89.5, 1)).toBe('89,5 € x 1 nuit');
  expect(nightsText(2)).toBe('2 nuits');
});

it('prices a stay: total, deposit of 500 € (or the total when lower) and remainder', () => {
  expect(stayPrice('2026-12-03', '2026-12-06', 89)).toEqual({ nights: 3, total: 267, deposit: 267, remainder: 0 });
  expect(stayPrice('2026-12-03', '2026-12-10', 120)).toEqual({ nights: 7, total: 840, deposit: 500, remainder: 340 });
});
