import {
  nightsBetween,
  splitPayment,
  stayNights,
  stayTotal,
  parseIsoDate,
  todayIn,
  addDaysIso,
  addMonthsIso,
  lastArrivalDay,
} from '../src/rules/stay';

describe('stay pricing', () => {
  it('counts nights as the ceiling of the day difference, at least one', () => {
    expect(nightsBetween('2026-12-01', '2026-12-04')).toBe(3);
    expect(nightsBetween('2026-12-01', '2026-12-01')).toBe(1);
    expect(nightsBetween(new Date(2026, 11, 1, 0, 0), new Date(2026, 11, 2, 12, 0))).toBe(2);
    // across the end of daylight saving time, still whole days
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('prices the stay and splits the deposit from the remainder', () => {
    expect(stayTotal(3, 89.5)).toBe(268.5);
    expect(splitPayment(1200)).toEqual({ total: 1200, deposit: 500, remainder: 700 });
    expect(splitPayment(180)).toEqual({ total: 180, deposit: 180, remainder: 0 });
  });

  it('lists the nights of a half-open stay, the departure day left free', () => {
    expect(stayNights('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('rejects impossible calendar dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-2-3')).toBeNull();
    expect(parseIsoDate('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(() => addDaysIso('nope', 1)).toThrow(RangeError);
  });

  it('moves by calendar months, on the same day or the last day of a shorter month', () => {
    expect(addMonthsIso('2026-11-26', 18)).toBe('2028-05-26');
    expect(addMonthsIso('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonthsIso('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsIso('2027-01-15', -1)).toBe('2026-12-15');
    expect(() => addMonthsIso('2026-02-30', 1)).toThrow(RangeError);
    expect(lastArrivalDay('2026-08-31', 18)).toBe('2028-02-29');
  });

  it("gives today's date in the Paris time zone", () => {
    // 23:30 UTC on 31 December is already 1 January in Paris
    expect(todayIn('Europe/Paris', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
});
