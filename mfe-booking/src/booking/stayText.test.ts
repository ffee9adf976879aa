import { nightsText, stayText } from './stayText';

it('describes a stay with French day and month and its nights', () => {
  expect(stayText('2026-12-03', '2026-12-06')).toBe('du 3 décembre au 6 décembre, 3 nuits');
  expect(stayText('2026-12-31', '2027-01-01')).toBe('du 31 décembre au 1 janvier, 1 nuit');
});

it('counts nights in French', () => {
  expect(nightsText(1)).toBe('1 nuit');
  expect(nightsText(2)).toBe('2 nuits');
});
