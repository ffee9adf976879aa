import { cancellationPolicyText, hoursBeforeArrival, refundOnGuestCancellation } from '../src/rules/cancellation';

// 1 December 2026, 12:00 in Paris (UTC+1).
const noon = new Date('2026-12-01T11:00:00Z');

describe('refund on a guest cancellation (issue 13)', () => {
  it('counts the hours to midnight of the arrival day in Paris', () => {
    expect(hoursBeforeArrival('2026-12-02', noon)).toBe(12);
    expect(hoursBeforeArrival('2026-12-03', noon)).toBe(36);
    // Summer time (UTC+2): 10:00 UTC is noon in Paris.
    expect(hoursBeforeArrival('2026-07-02', new Date('2026-07-01T10:00:00Z'))).toBe(12);
  });

  it('Flexible: all of it up to 24 hours before, nothing after', () => {
    expect(refundOnGuestCancellation('Flexible', '2026-12-03', 50000, noon)).toBe(50000);
    expect(refundOnGuestCancellation('Flexible', '2026-12-02', 50000, noon)).toBe(0);
  });

  it('Modérée: up to 5 days; Stricte: half up to 7 days', () => {
    // 132 hours and 108 hours before arrival.
    expect(refundOnGuestCancellation('Modérée', '2026-12-07', 50000, noon)).toBe(50000);
    expect(refundOnGuestCancellation('Modérée', '2026-12-06', 50000, noon)).toBe(0);
    // 180 hours and 156 hours before arrival.
    expect(refundOnGuestCancellation('Stricte', '2026-12-09', 33333, noon)).toBe(16667);
    expect(refundOnGuestCancellation('Stricte', '2026-12-08', 33333, noon)).toBe(0);
  });

  it('an unknown policy is read as Flexible, and each policy has its sentence', () => {
    expect(refundOnGuestCancellation('Inconnue', '2026-12-03', 100, noon)).toBe(100);
    expect(cancellationPolicyText('Modérée')).toBe("Annulation gratuite jusqu'à 5 jours avant votre arrivée : l'acompte est remboursé. Passé ce délai, l'acompte n'est pas remboursable.");
    expect(cancellationPolicyText('Stricte')).toMatch(/^Annulation jusqu'à 7 jours avant votre arrivée : la moitié de l'acompte est remboursée\./);
  });
});
