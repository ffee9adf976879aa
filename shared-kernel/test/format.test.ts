import { compareFrench, formatDateFr, formatDayMonth, formatDecimal, formatEuro, formatLongDate, pluralize } from '../src/format';

describe('formatEuro', () => {
  it.each([
    [89, '89 €'],
    [1234.5, '1 234,50 €'],
    [1234.567, '1 234,57 €'],
    [0, '0 €'],
    [89.5, '89,50 €'],
    [120.05, '120,05 €'],
    [99.999, '100 €'],
    [-0.5, '-0,50 €'],
    [1000000, '1 000 000 €'],
    [-5, '-5 €'],
  ])('formats %p as %p with plain spaces', (amount, text) => {
    expect(formatEuro(amount)).toBe(text);
  });

  it('contains no narrow or regular no-break space', () => {
    expect(formatEuro(1234.5)).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe('formatDateFr', () => {
  it('formats a plain date as DD/MM/YYYY without time-zone shift', () => {
    expect(formatDateFr('2026-11-21')).toBe('21/11/2026');
    expect(formatDateFr('2027-01-01')).toBe('01/01/2027');
    expect(formatDateFr('2026-12-31')).toBe('31/12/2026');
  });

  it('does not shift a plain date even where local midnight is not UTC midnight', () => {
    // Simulates a browser at UTC-5 whatever the time zone of the test run: the local getters see
    // every instant five hours earlier than UTC.
    const shifted = (d: Date) => new Date(d.getTime() - 5 * 3_600_000);
    const spies = [
      jest.spyOn(Date.prototype, 'getFullYear').mockImplementation(function (this: Date) {
        return shifted(this).getUTCFullYear();
      }),
      jest.spyOn(Date.prototype, 'getMonth').mockImplementation(function (this: Date) {
        return shifted(this).getUTCMonth();
      }),
      jest.spyOn(Date.prototype, 'getDate').mockImplementation(function (this: Date) {
        return shifted(this).getUTCDate();
      }),
    ];
    try {
      expect(formatDateFr('2026-12-01')).toBe('01/12/2026');
      expect(formatDayMonth('2026-12-01')).toBe('1 décembre');
      expect(formatLongDate('2027-01-01')).toBe('1 janvier 2027');
      // whereas a UTC timestamp is shown on the local day of that instant
      expect(formatDateFr('2026-12-01T02:00:00.000Z')).toBe('30/11/2026');
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });

  it('formats an ISO timestamp by its calendar day', () => {
    // local wall-clock times: the day is the one written, in any time zone
    expect(formatDateFr('2026-11-21T00:30:00')).toBe('21/11/2026');
    expect(formatDateFr('2026-11-21T23:30:00')).toBe('21/11/2026');
    // a UTC timestamp is shown on the local calendar day of that instant, whatever the zone
    expect(formatDateFr(new Date(2026, 10, 21, 0, 30).toISOString())).toBe('21/11/2026');
    expect(formatDateFr(new Date(2026, 10, 21, 23, 30).toISOString())).toBe('21/11/2026');
  });

  it('formats a Date by its local calendar day', () => {
    expect(formatDateFr(new Date(2026, 10, 21, 0, 5))).toBe('21/11/2026');
    expect(formatDateFr(new Date(2026, 10, 21, 23, 55))).toBe('21/11/2026');
  });

  it('gives an empty string for an unreadable value', () => {
    expect(formatDateFr('pas une date')).toBe('');
    expect(formatDateFr('')).toBe('');
    expect(formatDateFr(new Date(Number.NaN))).toBe('');
  });
});

describe('formatDayMonth', () => {
  it('gives the day and the month name', () => {
    expect(formatDayMonth('2026-12-01')).toBe('1 décembre');
    expect(formatDayMonth('2026-08-15')).toBe('15 août');
    expect(formatDayMonth('2027-02-28')).toBe('28 février');
    expect(formatDayMonth(new Date(2026, 0, 9, 23, 59))).toBe('9 janvier');
    expect(formatDayMonth('nope')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('gives day, month name and year with plain spaces', () => {
    expect(formatLongDate('2026-11-21')).toBe('21 novembre 2026');
    expect(formatLongDate('2027-01-01')).toBe('1 janvier 2027');
    expect(formatLongDate(new Date(2026, 10, 21, 12).toISOString())).toBe('21 novembre 2026');
    expect(formatLongDate(new Date(2026, 6, 14, 8))).toBe('14 juillet 2026');
    expect(formatLongDate('')).toBe('');
  });
});

describe('pluralize', () => {
  it('uses the singular up to 1 and the plural above', () => {
    expect(pluralize(1, 'nuit')).toBe('1 nuit');
    expect(pluralize(3, 'nuit')).toBe('3 nuits');
    expect(pluralize(0, 'nuit')).toBe('0 nuit');
    expect(pluralize(2, 'voyageur')).toBe('2 voyageurs');
  });

  it('takes an explicit plural', () => {
    expect(pluralize(1, 'œil', 'yeux')).toBe('1 œil');
    expect(pluralize(2, 'œil', 'yeux')).toBe('2 yeux');
  });
});

describe('impossible calendar dates', () => {
  it('gives an empty text instead of rolling 30 February over', () => {
    expect(formatDateFr('2026-02-30')).toBe('');
    expect(formatDayMonth('2026-02-30')).toBe('');
    expect(formatLongDate('2026-02-30')).toBe('');
  });
});

describe('formatDecimal', () => {
  it('writes French decimals, with the decimals asked for', () => {
    expect(formatDecimal(4.56, 1, 1)).toBe('4,6');
    expect(formatDecimal(5, 1, 1)).toBe('5,0');
    expect(formatDecimal(5, 1)).toBe('5');
    expect(formatDecimal(42.25, 1)).toBe('42,3');
    expect(formatDecimal(1234.5, 1)).toBe('1 234,5');
  });
});

/** The hand-written formatters must say exactly what Intl says (with plain spaces). */
describe('hand-written fr-FR formatting matches Intl', () => {
  const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
  const samples = [
    0,
    -0,
    1,
    5,
    9.99,
    10,
    12.5,
    89,
    99.995,
    0.125,
    0.005,
    1.005,
    2.675,
    123.456,
    999,
    999.999,
    1000,
    1234.5,
    9999.99,
    10000,
    123456.785,
    1000000,
    987654321.12,
    -0.001,
    -0.005,
    -5,
    -12.34,
    -1234.5,
    -999999.995,
    4.6,
    4.65,
    4.75,
    0.1 + 0.2,
    1e14 + 0.5,
  ];
  // Pseudo-random amounts too, the same on every run.
  let seed = 42;
  for (let i = 0; i < 400; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    samples.push((seed / 2 ** 31) * 10 ** ((i % 9) - 2) * (i % 3 === 0 ? -1 : 1));
  }

  it('formatEuro', () => {
    // fr-FR currency with cents, whole euros without ',00'.
    const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2, minimumFractionDigits: 2 });
    for (const value of [...samples, NaN, Infinity, 1e16, -1e20])
      expect([value, formatEuro(value)]).toEqual([value, plain(intl.format(value)).replace(/,00 €$/, ' €')]);
  });

  it.each([
    [1, 1],
    [1, 0],
    [2, 0],
    [2, 2],
    [0, 0],
    [3, 1],
  ])('formatDecimal with at most %p and at least %p decimals', (max, min) => {
    const intl = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: min, maximumFractionDigits: max });
    for (const value of samples) expect([value, formatDecimal(value, max, min)]).toEqual([value, plain(intl.format(value))]);
  });

  it('dates of every day of two years, and far ones', () => {
    const long = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' });
    const short = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    const days = Array.from({ length: 731 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)));
    days.push(new Date(Date.UTC(1999, 11, 31)), new Date(Date.UTC(2100, 1, 28)));
    for (const d of days) {
      const iso = d.toISOString().slice(0, 10);
      expect([iso, formatLongDate(iso), formatDayMonth(iso), formatDateFr(iso)]).toEqual([
        iso,
        plain(long.format(d)),
        plain(dayMonth.format(d)),
        short.format(d),
      ]);
    }
  });
});

describe('compareFrench', () => {
  it('orders labels as the French collation does', () => {
    const labels = [
      'Sablon',
      'Queuleu',
      'Centre-ville',
      'Centre ville',
      'centre',
      'Écluse',
      'Ecluse',
      'écluse',
      'Montigny-lès-Metz',
      'Montigny',
      'Plantières',
      'Plantieres',
      'Île du Saulcy',
      'Ile',
      'Gare',
      'Nouvelle ville',
      'Borny',
      'Bellecroix',
      'Devant-les-Ponts',
      'Magny',
      'Grigy',
      'Outre-Seille',
      'Ancienne ville',
      'Saint-Julien-lès-Metz',
      'Saint-Simon',
      'côte',
      'coté',
      'cote',
      'côté',
      'Metz 2',
      'Metz 10',
    ];
    const collator = new Intl.Collator('fr');
    expect([...labels].sort(compareFrench)).toEqual([...labels].sort(collator.compare));
  });

  it('is 0 only for the same text', () => {
    expect(compareFrench('Sablon', 'Sablon')).toBe(0);
    expect(compareFrench('Sablon', 'sablon')).not.toBe(0);
  });
});
