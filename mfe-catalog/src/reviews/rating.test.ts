import { formatRating, normalizeResume, ratingLabel, reviewCountText, starsText } from './rating';
import { barPercent } from './RatingDistribution';

it('formats ratings the French way', () => {
  expect(formatRating(4.56)).toBe('4,6');
  expect(formatRating(5)).toBe('5,0');
  expect(ratingLabel(4.6)).toBe('Note : 4,6 sur 5');
  expect(ratingLabel(3)).toBe('Note : 3 sur 5');
  expect(ratingLabel(7)).toBe('Note : 5 sur 5');
  expect(reviewCountText(1)).toBe('1 avis');
  expect(reviewCountText(12)).toBe('12 avis');
  expect(starsText(1)).toBe('1 étoile');
  expect(starsText(4)).toBe('4 étoiles');
});

it('computes bar widths as a share of all reviews', () => {
  expect(barPercent(8, 12)).toBe(66.7);
  expect(barPercent(0, 12)).toBe(0);
  expect(barPercent(0, 0)).toBe(0);
  expect(barPercent(3, 3)).toBe(100);
});

it('reads a partial or disordered reviews answer without breaking', () => {
  expect(normalizeResume(null)).toEqual({ avis: [], moyenne: 5, nombreAvis: 0, repartition: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
  const resume = normalizeResume({
    avis: [
      { id: 1, auteur: ' Ana ', date: '2026-01-01T12:00:00Z', note: 4, commentaire: 'Bien' },
      'pas un avis',
      { id: 2, auteur: 'Marc', date: '2026-02-01T12:00:00Z', note: '5', commentaire: 'Parfait' },
    ],
    moyenne: '4.5',
    repartition: { 5: 1, 4: '1', 3: -2 },
  });
  expect(resume.avis.map((a) => [a.auteur, a.note])).toEqual([
    ['Marc', 5],
    ['Ana', 4],
  ]);
  expect(resume.moyenne).toBe(4.5);
  expect(resume.nombreAvis).toBe(2);
  expect(resume.repartition).toEqual({ 5: 1, 4: 1, 3: 0, 2: 0, 1: 0 });
});
