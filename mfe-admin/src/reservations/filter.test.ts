import { reservation, threeReservations } from '../../test/fixtures';
import { filterReservations, isStatusFilter, matchesSearch, normalizeText } from './filter';

describe('filterReservations', () => {
  it('keeps every reservation for Tous and an empty search', () => {
    expect(filterReservations(threeReservations(), 'all', '  ').map((r) => r.id)).toEqual([12, 15, 3]);
  });

  it('keeps one status', () => {
    expect(filterReservations(threeReservations(), 'annulée', '').map((r) => r.id)).toEqual([3]);
  });

  it('matches name, email and title without case or accents, and the id exactly', () => {
    const r = reservation();
    expect(matchesSearch(r, 'DUPONT')).toBe(true);
    expect(matchesSearch(r, 'example.fr')).toBe(true);
    expect(matchesSearch(r, 'lumineux cathedrale')).toBe(true);
    expect(matchesSearch(r, '12')).toBe(true);
    expect(matchesSearch(r, '#12')).toBe(true);
    expect(matchesSearch(r, '1')).toBe(false);
    expect(matchesSearch(reservation({ user: null, appartement: null }), 'marie')).toBe(false);
  });

  it('knows the filter values', () => {
    expect(['all', 'en attente', 'confirmée', 'annulée', 'terminée'].every(isStatusFilter)).toBe(true);
    expect(isStatusFilter('payée')).toBe(false);
    expect(normalizeText(' Édith ')).toBe('edith');
  });
});
