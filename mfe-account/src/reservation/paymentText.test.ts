import type { Reservation } from 'shared-kernel';
import { reservation } from '../../test/fixtures';
import { arrivalReminderText, balanceText, paymentStateText } from './paymentText';

const now = new Date('2026-12-01T11:00:00Z');
const with_ = (patch: Partial<Reservation>) => reservation(patch);

describe('payment state of a reservation (issues 13 and 31)', () => {
  it("says 'Acompte payé', 'Séjour payé' and 'En attente de paiement (expire à HH:MM)'", () => {
    expect(paymentStateText(with_({ paiement: { etat: 'payé', echeance: null, rembourseCents: null } }), now)).toBe('Acompte payé');
    expect(
      paymentStateText(
        with_({
          status: 'confirmée',
          comptes: { duCents: 100, recuCents: 100, rembourseCents: 0, resteDuCents: 0, aRembourserCents: 0 },
          paiement: { etat: 'payé', echeance: null, rembourseCents: null },
        }),
        now,
      ),
    ).toBe('Séjour payé');
    expect(
      paymentStateText(
        with_({ status: 'en attente', paiement: { etat: 'en attente', echeance: '2026-12-01T11:30:00Z', rembourseCents: null } }),
        now,
      ),
    ).toBe('En attente de paiement (expire à 12:30)');
    expect(
      paymentStateText(
        with_({ status: 'en attente', paiement: { etat: 'en attente', echeance: '2026-12-04T11:00:00Z', rembourseCents: null } }),
        now,
      ),
    ).toBe('En attente de paiement (expire le 4 décembre 2026 à 12:00)');
    expect(
      paymentStateText(with_({ paiement: { etat: 'aucun', echeance: null, rembourseCents: null }, paymentCompleted: false }), now),
    ).toBeNull();
  });

  it("says 'Remboursement en cours' until the refund is made, 'Remboursé le …' after (DECISIONS 35)", () => {
    expect(
      paymentStateText(
        with_({
          status: 'annulée',
          paiement: { etat: 'remboursement en cours', echeance: null, rembourseCents: 0, aRembourserCents: 50_000, rembourseLe: null },
        }),
        now,
      ),
    ).toBe('Remboursement en cours (500 €)');
    expect(
      paymentStateText(
        with_({
          status: 'annulée',
          paiement: {
            etat: 'remboursé',
            echeance: null,
            rembourseCents: 50_000,
            aRembourserCents: 0,
            rembourseLe: '2026-11-29T23:00:00.000Z',
          },
        }),
        now,
      ),
    ).toBe('Remboursé le 30 novembre 2026 (500 €)');
    expect(paymentStateText(with_({ status: 'annulée', paiement: { etat: 'payé', echeance: null, rembourseCents: 0 } }), now)).toBe(
      'Payé, conservé selon les conditions d’annulation',
    );
    expect(
      paymentStateText(
        with_({ status: 'confirmée', paymentCompleted: false, paiement: { etat: 'non payé', echeance: null, rembourseCents: null } }),
        now,
      ),
    ).toBe('Acompte non reçu');
  });

  it('states the balance: when and how before it is payable, what to do once it is, done after', () => {
    const solde = (etat: 'à venir' | 'à régler' | 'en retard' | 'payé', online: boolean) =>
      balanceText(
        with_({
          status: 'confirmée',
          soldeEnLigne: online,
          solde: { montantCents: 34_000, exigibleLe: '2026-12-06', resteCents: etat === 'payé' ? 0 : 34_000, etat },
        }),
      );
    expect(solde('à venir', false)).toBe(
      "Le solde de 340 € est à régler à partir du 6 décembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence, aussi affichées sur votre réservation ; le virement doit nous parvenir 24 heures avant le jour d'arrivée.",
    );
    expect(solde('à régler', true)).toBe(
      'Le solde de 340 € est à régler maintenant, avant votre arrivée le 3 décembre 2026 : payez-le en ligne ci-dessous.',
    );
    expect(solde('en retard', false)).toBe("Le solde de 340 € n'est pas encore réglé : par virement, avec les coordonnées ci-dessus.");
    expect(solde('payé', true)).toBe('Solde réglé : il ne reste rien à payer.');
    expect(balanceText(with_({ solde: null }))).toBeNull();
  });

  it('reminds an upcoming confirmed stay of its date and of what is still owed before arrival', () => {
    expect(
      arrivalReminderText(
        with_({
          status: 'confirmée',
          startDate: '2026-12-04',
          comptes: { duCents: 84_000, recuCents: 50_000, rembourseCents: 0, resteDuCents: 34_000, aRembourserCents: 0 },
        }),
        '2026-12-01',
      ),
    ).toBe(
      'Rappel avant votre arrivée : votre séjour commence le 4 décembre 2026 (dans 3 jours). Il reste 340 € à régler avant votre arrivée.',
    );
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-12-02', remainder: 0 }), '2026-12-01')).toBe(
      'Rappel avant votre arrivée : votre séjour commence le 2 décembre 2026 (demain). Il ne reste rien à régler.',
    );
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-12-01', remainder: 0 }), '2026-12-01')).toMatch(
      /\(aujourd'hui\)/,
    );
    expect(arrivalReminderText(with_({ status: 'en attente', startDate: '2026-12-04' }), '2026-12-01')).toBeNull();
    expect(arrivalReminderText(with_({ status: 'confirmée', startDate: '2026-11-30' }), '2026-12-01')).toBeNull();
  });
});
