import { addDaysIso, addMonthsIso } from 'shared-kernel';
import {
  blockedNights,
  calendarLimits,
  firstUnavailableAfter,
  isDayDisabled,
  isoToLocalDate,
  isRangeAvailable,
  todayIso,
} from './stayRange';

const TODAY = '2026-12-01';
const booked = new Set(['2026-12-10', '2026-12-11', '2026-12-20']);

describe('isoToLocalDate', () => {
  it('gives the local midnight of the calendar date', () => {
    const date = isoToLocalDate('2026-12-03');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate(), date?.getHours()]).toEqual([2026, 11, 3, 0]);
  });

  it('refuses impossible dates', () => {
    expect(isoToLocalDate('2026-02-30')).toBeNull();
    expect(isoToLocalDate('03/12/2026')).toBeNull();
  });
});

it('todayIso is the local calendar date', () => {
  expect(todayIso(new Date(2026, 11, 1, 23, 59))).toBe('2026-12-01');
});

describe('isRangeAvailable (half-open stays)', () => {
  it('accepts a stay whose nights are all free', () => {
    expect(isRangeAvailable('2026-12-03', '2026-12-06', booked, TODAY)).toBe(true);
  });

  it('accepts leaving on the first night of another stay', () => {
    expect(isRangeAvailable('2026-12-05', '2026-12-10', booked, TODAY)).toBe(true);
    expect(blockedNights('2026-12-05', '2026-12-10', booked)).toEqual([]);
  });

  it('accepts arriving on the departure day of another stay', () => {
    expect(isRangeAvailable('2026-12-12', '2026-12-15', booked, TODAY)).toBe(true);
  });

  it('refuses a stay containing an unavailable night', () => {
    expect(isRangeAvailable('2026-12-05', '2026-12-11', booked, TODAY)).toBe(false);
    expect(isRangeAvailable('2026-12-09', '2026-12-13', booked, TODAY)).toBe(false);
    expect(blockedNights('2026-12-09', '2026-12-13', booked)).toEqual(['2026-12-10', '2026-12-11']);
    expect(isRangeAvailable('2026-12-10', '2026-12-11', booked, TODAY)).toBe(false);
  });

  it('refuses an empty or reversed range, an arrival in the past and invalid dates', () => {
    expect(isRangeAvailable('2026-12-03', '2026-12-03', booked, TODAY)).toBe(false);
    expect(isRangeAvailable('2026-12-06', '2026-12-03', booked, TODAY)).toBe(false);
    expect(isRangeAvailable('2026-11-30', '2026-12-03', booked, TODAY)).toBe(false);
    expect(isRangeAvailable('2026-12-01', '2026-12-02', booked, TODAY)).toBe(true);
    expect(isRangeAvailable('2026-12-32', '2027-01-02', booked, TODAY)).toBe(false);
  });
});

describe('isDayDisabled', () => {
  const rules = { today: TODAY, unavailable: booked, pendingStart: null };

  it('disables past days and unavailable days', () => {
    expect(isDayDisabled('2026-11-30', rules)).toBe(true);
    expect(isDayDisabled('2026-12-01', rules)).toBe(false);
    expect(isDayDisabled('2026-12-10', rules)).toBe(true);
    expect(isDayDisabled('2026-12-12', rules)).toBe(false);
  });

  it('while the departure is picked, enables the first unavailable day after the arrival only', () => {
    expect(firstUnavailableAfter('2026-12-05', booked)).toBe('2026-12-10');
    const picking = { ...rules, pendingStart: '2026-12-05' };
    expect(isDayDisabled('2026-12-10', picking)).toBe(false);
    expect(isDayDisabled('2026-12-11', picking)).toBe(true);
    expect(isDayDisabled('2026-12-20', picking)).toBe(true);
    expect(firstUnavailableAfter('2026-12-21', booked)).toBeNull();
  });
});

describe('the server’s stay limits', () => {
  const limits = calendarLimits({ maxNights: 5, maxMonthsAhead: 2 }, TODAY);

  it('starts from today: the last arrival is the same day two months later', () => {
    expect(limits).toEqual({ lastArrival: addMonthsIso(TODAY, 2), maxNights: 5 });
    expect(calendarLimits(null, TODAY)).toBeNull();
  });

  it('refuses a stay starting after the last arrival or longer than the longest stay', () => {
    const last = limits!.lastArrival;
    expect(isRangeAvailable(last, addDaysIso(last, 5), new Set(), TODAY, limits)).toBe(true);
    expect(isRangeAvailable(addDaysIso(last, 1), addDaysIso(last, 2), new Set(), TODAY, limits)).toBe(false);
    expect(isRangeAvailable('2026-12-12', '2026-12-17', new Set(), TODAY, limits)).toBe(true);
    expect(isRangeAvailable('2026-12-12', '2026-12-18', new Set(), TODAY, limits)).toBe(false);
    expect(isRangeAvailable('2026-12-12', '2026-12-18', new Set(), TODAY)).toBe(true);
  });

  it('disables arrivals after the horizon and, once an arrival is chosen, departures past the longest stay', () => {
    const last = limits!.lastArrival;
    const rules = { today: TODAY, unavailable: new Set<string>(), pendingStart: null, limits };
    expect(isDayDisabled(last, rules)).toBe(false);
    expect(isDayDisabled(addDaysIso(last, 1), rules)).toBe(true);
    const picking = { ...rules, pendingStart: last };
    expect(isDayDisabled(addDaysIso(last, 5), picking)).toBe(false);
    expect(isDayDisabled(addDaysIso(last, 6), picking)).toBe(true);
    // Before the arrival, a day is a new arrival again.
    expect(isDayDisabled('2026-12-12', picking)).toBe(false);
  });
});
