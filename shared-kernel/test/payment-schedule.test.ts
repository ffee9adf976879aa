import { parisMidnight } from '../src/rules/cancellation';
import { formatCents, formatLongDate } from '../src/format';
import {
  balanceDueDay,
  balanceSentence,
  bookingSchedule,
  firstTransferArrival,
  latestTransferInstant,
  scheduleSentence,
  transferDeadline,
  transferPossible,
  transferRefusal,
  wholeStayAtBooking,
} from '../src/rules/payment-schedule';

const at = (iso: string) => new Date(iso);
const words = { cents: formatCents, day: formatLongDate };

it('finds the instant a day begins in Paris, winter and summer time, and on the days the clocks change', () => {
  expect(parisMidnight('2026-12-11')?.toISOString()).toBe('2026-12-10T23:00:00.000Z');
  expect(parisMidnight('2026-07-14')?.toISOString()).toBe('2026-07-13T22:00:00.000Z');
  expect(parisMidnight('2026-03-29')?.toISOString()).toBe('2026-03-28T23:00:00.000Z');
  expect(parisMidnight('2026-10-25')?.toISOString()).toBe('2026-10-24T22:00:00.000Z');
  expect(parisMidnight('2026-02-30x')).toBeNull();
});

it('puts the transfer deadline at min(booking + delay, 24 h before the arrival day begins): never after arrival', () => {
  // The case: booked 26 Nov for 27–29 Nov. 72 h would be 29 Nov; the arrival rule gives 26 Nov 00:00.
  const booked = at('2026-11-26T10:00:00Z');
  expect(transferDeadline(booked, '2026-11-27', 72).toISOString()).toBe('2026-11-25T23:00:00.000Z');
  expect(transferDeadline(booked, '2026-11-27', 72).getTime()).toBeLessThan(booked.getTime());
  expect(transferPossible(booked, '2026-11-27', 72)).toBe(false);
  // Far enough: the delay wins.
  expect(transferDeadline(booked, '2026-12-20', 72).toISOString()).toBe('2026-11-29T10:00:00.000Z');
  expect(latestTransferInstant('2026-12-20').toISOString()).toBe('2026-12-18T23:00:00.000Z');
});

it('needs 24 h to make a transfer: the first arrival that allows it, and the refusal that says why', () => {
  const now = at('2026-11-26T10:00:00Z'); // 11:00 in Paris
  // Arrival 28 Nov: deadline 27 Nov 00:00 Paris = 13 h away: too short. 29 Nov: 37 h.
  expect(transferPossible(now, '2026-11-28', 72)).toBe(false);
  expect(transferPossible(now, '2026-11-29', 72)).toBe(true);
  expect(firstTransferArrival(now, 72)).toBe('2026-11-29');
  expect(transferRefusal(now, '2026-11-29', 72, false, formatLongDate)).toBeNull();
  expect(transferRefusal(now, '2026-11-27', 72, false, formatLongDate)).toBe(
    "Votre arrivée est trop proche pour un paiement par virement : il doit nous parvenir au plus tard 24 heures avant le jour d'arrivée, et un virement peut mettre 24 heures à arriver. Choisissez une arrivée à partir du 29 novembre 2026.",
  );
  expect(transferRefusal(now, '2026-11-27', 72, true, formatLongDate)).toMatch(
    /Payez en ligne \(carte bancaire\), ou choisissez une arrivée à partir du 29 novembre 2026\.$/,
  );
});

it('asks the deposit at booking and the balance N days before arrival; inside that window, the whole stay', () => {
  expect(balanceDueDay('2026-12-20', 7)).toBe('2026-12-13');
  const booked = at('2026-11-26T10:00:00Z');
  expect(bookingSchedule(84_000, 50_000, '2026-12-20', 7, booked)).toEqual({
    acompteCents: 50_000,
    soldeCents: 34_000,
    soldeDu: '2026-12-13',
    dansLaFenetre: false,
  });
  // Booked on the due day itself (Paris): inside the window.
  expect(wholeStayAtBooking('2026-12-03', 7, booked)).toBe(true);
  expect(wholeStayAtBooking('2026-12-04', 7, booked)).toBe(false);
  expect(bookingSchedule(84_000, 50_000, '2026-12-03', 7, booked)).toEqual({
    acompteCents: 84_000,
    soldeCents: 0,
    soldeDu: null,
    dansLaFenetre: true,
  });
  // A stay cheaper than the deposit is paid whole, whatever the date.
  expect(bookingSchedule(30_000, 30_000, '2027-03-01', 7, booked)).toEqual({
    acompteCents: 30_000,
    soldeCents: 0,
    soldeDu: null,
    dansLaFenetre: false,
  });
});

it('says what is paid when, online or by transfer, from the same schedule', () => {
  const booked = at('2026-11-26T10:00:00Z');
  expect(scheduleSentence(bookingSchedule(84_000, 50_000, '2026-12-20', 7, booked), 7, true, words)).toBe(
    'Acompte de 500 € à la réservation. Le solde de 340 € est à régler à partir du 13 décembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail un lien de paiement sécurisé (Stripe), aussi affiché sur votre réservation.',
  );
  expect(balanceSentence(34_000, '2026-12-13', false, words)).toBe(
    "Le solde de 340 € est à régler à partir du 13 décembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence, aussi affichées sur votre réservation ; le virement doit nous parvenir 24 heures avant le jour d'arrivée.",
  );
  expect(scheduleSentence(bookingSchedule(84_000, 50_000, '2026-12-03', 7, booked), 7, true, words)).toBe(
    "La totalité du séjour (840 €) se règle à la réservation : le solde est dû 7 jours avant l'arrivée, et votre arrivée est plus proche.",
  );
  expect(scheduleSentence(bookingSchedule(30_000, 30_000, '2027-03-01', 7, booked), 7, false, words)).toBe(
    'La totalité du séjour (300 €) se règle à la réservation.',
  );
  // Nothing is ever said to be taken automatically.
  expect(scheduleSentence(bookingSchedule(84_000, 50_000, '2026-12-20', 7, booked), 7, false, words)).not.toMatch(
    /prélevé|automatiquement/,
  );
});
