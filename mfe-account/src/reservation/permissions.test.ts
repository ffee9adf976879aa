import { reservation } from '../../test/fixtures';
import { availableActions, canReview, canSeeActions, type Viewer } from './permissions';

const ownerViewer: Viewer = { id: 7, admin: false };
const stranger: Viewer = { id: 8, admin: false };
const adminViewer: Viewer = { id: 1, admin: true };

describe('the Actions block (spec section 6)', () => {
  it.each([
    ['en attente', true],
    ['confirmée', true],
    ['terminée', true],
    ['annulée', false],
    ['autre', true],
  ])('for the owner or an admin, status %s → %s', (status, visible) => {
    expect(canSeeActions(ownerViewer, reservation({ status }))).toBe(visible);
    expect(canSeeActions(adminViewer, reservation({ status }))).toBe(visible);
  });

  it('is never shown to another client or to nobody', () => {
    expect(canSeeActions(stranger, reservation())).toBe(false);
    expect(canSeeActions(null, reservation())).toBe(false);
  });
});

describe('the transitions offered (spec section 4)', () => {
  // The fixture's stay ends on 2026-12-06: the day after, it is over.
  const AFTER = '2026-12-07';
  it.each([
    ['en attente', ['cancel'], ['confirm', 'cancel']],
    ['confirmée', ['cancel'], ['complete', 'cancel']],
    ['terminée', [], []],
    ['annulée', [], []],
  ])('status %s, stay over: owner %j, admin %j', (status, forOwner, forAdmin) => {
    expect(availableActions(ownerViewer, reservation({ status }), AFTER)).toEqual(forOwner);
    expect(availableActions(adminViewer, reservation({ status }), AFTER)).toEqual(forAdmin);
    expect(availableActions(stranger, reservation({ status }), AFTER)).toEqual([]);
  });

  it("offers 'terminée' from the departure day on, never before (DECISIONS 30)", () => {
    const confirmed = reservation({ status: 'confirmée' });
    expect(availableActions(adminViewer, confirmed, '2026-12-05')).toEqual(['cancel']);
    expect(availableActions(adminViewer, confirmed, '2026-12-06')).toEqual(['complete', 'cancel']);
  });
});

describe('the review (DECISIONS 11)', () => {
  it("is for the stay's guest once it is 'terminée'", () => {
    expect(canReview(ownerViewer, reservation({ status: 'terminée' }))).toBe(true);
    expect(canReview(ownerViewer, reservation({ status: 'confirmée' }))).toBe(false);
    expect(canReview(adminViewer, reservation({ status: 'terminée' }))).toBe(false);
    expect(canReview(null, reservation({ status: 'terminée' }))).toBe(false);
  });
});
