import { cancellationTexts, checkInText, checkOutText } from './stayTerms';

it('words the apartment’s own times without ever writing « avant » twice', () => {
  expect(checkInText('15:00 - 00:00')).toBe('Arrivée à partir de 15:00');
  expect(checkInText('16:00 - 21:00')).toBe('Arrivée entre 16:00 et 21:00');
  expect(checkInText('16:00')).toBe('Arrivée à partir de 16:00');
  expect(checkInText('sur rendez-vous')).toBe('Arrivée : sur rendez-vous');
  expect(checkOutText('avant 11:00')).toBe('Départ avant 11:00');
  expect(checkOutText('11:00')).toBe('Départ avant 11:00');
  expect(checkOutText('à convenir')).toBe('Départ : à convenir');
});

it('states a free cancellation window, then none, with the dates in Paris time', () => {
  expect(
    cancellationTexts({
      politique: 'Flexible',
      fenetres: [
        // 2 December 2026, 00:00 in Paris.
        { jusquau: '2026-12-01T23:00:00.000Z', remboursementAcomptePourcent: 100 },
        { jusquau: null, remboursementAcomptePourcent: 0 },
      ],
    }),
  ).toEqual([
    'Annulation gratuite jusqu’au 2 décembre 2026 à 00:00 : l’acompte vous est remboursé en totalité.',
    'Après le 2 décembre 2026 à 00:00, l’acompte n’est plus remboursé.',
    'Tout montant versé au-delà de l’acompte vous est remboursé.',
  ]);
  expect(cancellationTexts({ politique: 'Inconnue', fenetres: [] })).toEqual([]);
});
