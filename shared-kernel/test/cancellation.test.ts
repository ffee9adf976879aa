import { CANCELLATION_POLICIES } from '../src/rules/apartment';
import { CANCELLATION_RULES, cancellationRule, depositRefundShare } from '../src/rules/cancellation';

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
