import { RESERVATION_STATUSES } from '../src/domain/types';
import { invalidStatusMessage, isReservationStatus, statusTone } from '../src/rules/status';

describe('statusTone', () => {
  it.each([
    ['confirmée', 'success'],
    ['en attente', 'warning'],
    ['annulée', 'danger'],
    ['terminée', 'info'],
    ['remboursée', 'info'],
    ['', 'info'],
    ['Confirmée', 'info'],
  ])('%p is %p', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('isReservationStatus', () => {
  it('knows exactly the four statuses', () => {
    expect(RESERVATION_STATUSES).toEqual(['en attente', 'confirmée', 'annulée', 'terminée']);
    for (const s of RESERVATION_STATUSES) expect(isReservationStatus(s)).toBe(true);
  });

  it.each([['confirmee'], ['Confirmée'], [' en attente'], ['pending'], [''], [null], [undefined], [1], [['confirmée']]])(
    'refuses %p',
    (value) => {
      expect(isReservationStatus(value)).toBe(false);
    },
  );
});

describe('invalidStatusMessage', () => {
  it('gives the exact French message', () => {
    expect(invalidStatusMessage('X')).toBe('Statut invalide: X. Les valeurs valides sont: en attente, confirmée, annulée, terminée');
    expect(invalidStatusMessage('payée')).toBe(
      'Statut invalide: payée. Les valeurs valides sont: en attente, confirmée, annulée, terminée',
    );
  });
});
