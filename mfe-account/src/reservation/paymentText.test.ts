import type { Reservation } from 'shared-kernel';
import { reservation } from '../../test/fixtures';
import { arrivalReminderText, paymentStateText } from './paymentText';

const now = new Date('2026-12-01T11:00:00Z');
const with_ = (patch: Partial<Reservation>) => reservation(patch);

describe('payment state of a reservation (issue 13)', () => {
  it("says 'Acompte payé', 'Remboursé' and 'En attente de paiement (expire à HH:MM)'", () => {
    expect(paymentStateText(with_({ paiement: { etat: 'payé', echeance: null, rembourseCents: null } }), now)).toBe('Acompte payé');
    expect(paymentStateText(with_({ paiement: { etat: 'remboursé', echeance: null, rembourseCents: 50000 } }), now)).toBe('Remboursé (500 €)');
    expect(paymentStateText(with_({ status: 'en attente', paiement: { etat: 'en attente', echeance: '2026-12-01T11:30:00Z', rembourseCents: null } }), now)).toBe('En attente de paiement (expire à 12:30)');
    expect(paymentStateText(with_({ status: 'en attente', paiement: { etat: 'en attente', echeance: '2026-12-04T11:00:00Z', rembourseCents: null } }), now)).toBe('En attente de paiement (expire le 4 décembre 2026 à 12:00)');
    expect(paymentStateText(with_({ paiement: { etat: 'aucun', echeance: null, rembourseCents: null }, paymentCompleted: false }), now)).toBeNull();
  });

  it('reminds an upcoming confirmed stay of its date and of the remainder due on arrival', () => {
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-12-04', remainder: 340 }), '2026-12-01')).toBe(
      'Rappel avant votre arrivée : votre séjour commence le 4 décembre 2026 (dans 3 jours). Le solde de 340 € sera à régler le jour de votre arrivée.',
    );
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-12-02', remainder: 0 }), '2026-12-01')).toBe(
      'Rappel avant votre arrivée : votre séjour commence le 2 décembre 2026 (demain). Il ne reste rien à régler.',
    );
    expect(arrivalReminderText(with_({ status: 'en attente', startDate: '2026-12-04' }), '2026-12-01')).toBeNull();
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-11-30' }), '2026-12-01')).toBeNull();
  });
});
