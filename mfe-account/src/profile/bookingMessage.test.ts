import { bookingMessageFrom } from './bookingMessage';

const message = 'Votre réservation a été effectuée avec succès !';

it('adds the reservation number to the message', () => {
  expect(bookingMessageFrom({ message, reservationId: 12 })).toBe('Votre réservation a été effectuée avec succès ! (réservation n° 12)');
  expect(bookingMessageFrom({ message, reservationId: '13' })).toBe('Votre réservation a été effectuée avec succès ! (réservation n° 13)');
});

it('shows the message alone without a usable number', () => {
  expect(bookingMessageFrom({ message })).toBe(message);
  expect(bookingMessageFrom({ message, reservationId: 'abc' })).toBe(message);
  expect(bookingMessageFrom({ message, reservationId: -1 })).toBe(message);
});

it('shows nothing without a message', () => {
  expect(bookingMessageFrom(null)).toBeNull();
  expect(bookingMessageFrom({ reservationId: 12 })).toBeNull();
  expect(bookingMessageFrom({ message: '  ' })).toBeNull();
  expect(bookingMessageFrom('texte')).toBeNull();
});
