import { CANCELLATION_POLICIES } from '../src/rules/apartment';
import {
  CANCELLATION_RULES,
  cancellationPolicyText,
  cancellationRule,
  depositRefundShare,
  hoursBeforeArrival,
  refundOnGuestCancellation,
} from '../src/rules/cancellation';

const at = (iso: string) => new Date(iso);

it('has one rule per policy, with the spec’s numbers', () => {
  expect(Object.keys(CANCELLATION_RULES)).toEqual([...CANCELLATION_POLICIES]);
  expect(CANCELLATION_RULES.Flexible).toMatchObject({ hoursBeforeArrival: 24, refundPercent: 100 });
  expect(CANCELLATION_RULES.Modérée).toMatchObject({ hoursBeforeArrival: 120, refundPercent: 100 });
  expect(CANCELLATION_RULES.Stricte).toMatchObject({ hoursBeforeArrival: 168, refundPercent: 50 });
  expect(cancellationRule('Inconnue')).toBeUndefined();
});

it.each([
  // Arrival on 11 December starts at 00:00 in Paris, i.e. 23:00 UTC the day before (winter time).
  ['Flexible', '2026-12-09T22:59:59Z', 1],
  ['Flexible', '2026-12-09T23:00:00Z', 1],
  ['Flexible', '2026-12-09T23:00:01Z', 0],
  ['Modérée', '2026-12-05T23:00:00Z', 1],
  ['Modérée', '2026-12-05T23:00:01Z', 0],
  ['Stricte', '2026-12-03T23:00:00Z', 0.5],
  ['Stricte', '2026-12-04T12:00:00Z', 0],
  ['Autre', '2026-01-01T00:00:00Z', 0],
])('%s, cancelled at %s for an arrival on 11 December: %s of the deposit', (policy, when, share) => {
  expect(depositRefundShare(policy, '2026-12-11', at(when))).toBe(share);
});

it('refunds nothing for a malformed arrival date', () => {
  expect(depositRefundShare('Flexible', '11/12/2026', at('2026-01-01T00:00:00Z'))).toBe(0);
});

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

  it('an unknown policy refunds nothing, and each policy has its sentence', () => {
    expect(refundOnGuestCancellation('Inconnue', '2026-12-03', 100, noon)).toBe(0);
    expect(cancellationPolicyText('Modérée')).toBe(
      "Annulation gratuite jusqu'à 5 jours avant votre arrivée : l'acompte est remboursé. Passé ce délai, l'acompte n'est pas remboursable.",
    );
    expect(cancellationPolicyText('Stricte')).toMatch(
      /^Annulation jusqu'à 7 jours avant votre arrivée : la moitié de l'acompte est remboursée\./,
    );
  });
});
