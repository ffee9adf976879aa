import { CARD_NUMBER_MAX_LENGTH, EXPIRY_MAX_LENGTH, formatCardNumber, formatCvc, formatExpiry } from './cardFormat';

describe('formatCardNumber', () => {
  it('groups the digits in fours separated by spaces', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('keeps digits only', () => {
    expect(formatCardNumber('4242-4242 abcd 4242')).toBe('4242 4242 4242');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('never goes beyond 19 characters (16 digits)', () => {
    const formatted = formatCardNumber('42424242424242424242');
    expect(formatted).toBe('4242 4242 4242 4242');
    expect(formatted.length).toBe(CARD_NUMBER_MAX_LENGTH);
  });

  it('formats again what it already formatted (typing in the middle)', () => {
    expect(formatCardNumber('4242 42424')).toBe('4242 4242 4');
  });
});

describe('formatExpiry', () => {
  it('formats four digits as MM/YY', () => {
    expect(formatExpiry('1228')).toBe('12/28');
  });

  it('adds the slash once the month is typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
  });

  it('keeps digits only, at most 5 characters', () => {
    expect(formatExpiry('12/28')).toBe('12/28');
    expect(formatExpiry('1a2b2c8')).toBe('12/28');
    expect(formatExpiry('122899')).toBe('12/28');
    expect(formatExpiry('122899').length).toBe(EXPIRY_MAX_LENGTH);
  });
});

describe('formatCvc', () => {
  it('keeps at most 3 characters, without a digit-only check', () => {
    expect(formatCvc('1234')).toBe('123');
    expect(formatCvc('12a')).toBe('12a');
  });
});
