import { readCheckoutDraft } from './bookingDetails';

const TODAY = '2026-12-01';

it('reads the dates and guest count of the navigation state', () => {
  expect(
    readCheckoutDraft({ booking: { startDate: '2026-12-03', endDate: '2026-12-06', guestsCount: 2, totalPrice: 267 } }, TODAY),
  ).toEqual({
    dates: { startDate: '2026-12-03', endDate: '2026-12-06' },
    guestsCount: 2,
    enfants: 0,
  });
});

it('gives null without booking details', () => {
  expect(readCheckoutDraft(null, TODAY)).toBeNull();
  expect(readCheckoutDraft({}, TODAY)).toBeNull();
  expect(readCheckoutDraft({ booking: 'x' }, TODAY)).toBeNull();
});

it('drops unusable dates and keeps the guest count within 1 to 10', () => {
  expect(readCheckoutDraft({ booking: { startDate: '2026-11-20', endDate: '2026-11-22', guestsCount: 30 } }, TODAY)).toEqual({
    dates: null,
    guestsCount: 10,
    enfants: 0,
  });
  expect(readCheckoutDraft({ booking: { startDate: '2026-12-06', endDate: '2026-12-03' } }, TODAY)).toEqual({
    dates: null,
    guestsCount: 1,
    enfants: 0,
  });
  expect(readCheckoutDraft({ booking: { startDate: '2026-02-30', endDate: '2026-03-02', guestsCount: 2 } }, TODAY)?.dates).toBeNull();
});

it('keeps the children of the panel, leaving at least one adult', () => {
  expect(
    readCheckoutDraft({ booking: { startDate: '2026-12-03', endDate: '2026-12-06', guestsCount: 3, enfants: 1 } }, TODAY)?.enfants,
  ).toBe(1);
  expect(
    readCheckoutDraft({ booking: { startDate: '2026-12-03', endDate: '2026-12-06', guestsCount: 2, enfants: 5 } }, TODAY)?.enfants,
  ).toBe(1);
  expect(
    readCheckoutDraft({ booking: { startDate: '2026-12-03', endDate: '2026-12-06', guestsCount: 2, enfants: 'x' } }, TODAY)?.enfants,
  ).toBe(0);
});
