import { cancellationText, capacityItems, excerpt } from './text';

it('cuts a long description on a word, with an ellipsis', () => {
  const text = 'Un loft de caractère au pied de la cathédrale. '.repeat(10);
  const start = excerpt(text, 60);
  expect(start.length).toBeLessThanOrEqual(60);
  expect(start.endsWith('…')).toBe(true);
  expect(text.startsWith(start.slice(0, -1))).toBe(true);
  expect(excerpt('  Court\n texte. ')).toBe('Court texte.');
});

it('lists the capacity with singular and plural, and the surface only when known', () => {
  expect(capacityItems({ voyageurs: 2, chambres: 0, lits: 1, sallesDeBain: 3 }, 32.5)).toEqual([
    '2 voyageurs',
    '0 chambre',
    '1 lit',
    '3 salles de bain',
    '32,5 m²',
  ]);
  expect(capacityItems({ voyageurs: 1, chambres: 1, lits: 2, sallesDeBain: 1 }, 0)).toEqual([
    '1 voyageur',
    '1 chambre',
    '2 lits',
    '1 salle de bain',
  ]);
});

it('explains the three cancellation policies', () => {
  expect(cancellationText('Flexible')).toBe("Annulation gratuite jusqu'à 24 heures avant l'arrivée.");
  expect(cancellationText('Stricte')).toBe("Remboursement de 50 % jusqu'à 7 jours avant l'arrivée.");
  expect(cancellationText('Autre')).toBeUndefined();
});
