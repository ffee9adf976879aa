import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  initialOf,
  isValidEmail,
  normalizeEmail,
  passwordProblem,
} from '../src/rules/account';

describe('limits', () => {
  it('has the account limits', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(NAME_MAX_LENGTH).toBe(100);
    expect(EMAIL_MAX_LENGTH).toBe(254);
  });
});

describe('isValidEmail', () => {
  it.each([['jean@example.fr'], ['marie.dupont+resa@mail.example.com'], ['a@b.co']])('accepts %p', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    [''],
    ['jean'],
    ['jean@'],
    ['@example.fr'],
    ['jean@example'],
    ['jean dupont@example.fr'],
    [' jean@example.fr'],
    ['jean@@example.fr'],
    ['jean@exa mple.fr'],
  ])('refuses %p', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts 254 characters and refuses 255', () => {
    const domain = '@example.fr'; // 11 characters
    expect(isValidEmail('a'.repeat(243) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(244) + domain)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Jean.Dupont@Example.FR ')).toBe('jean.dupont@example.fr');
    expect(normalizeEmail('a@b.co')).toBe('a@b.co');
  });
});

describe('passwordProblem', () => {
  it('refuses 7 characters with the French message', () => {
    expect(passwordProblem('a'.repeat(7))).toBe('Le mot de passe doit contenir au moins 8 caractères.');
    expect(passwordProblem('')).toBe('Le mot de passe doit contenir au moins 8 caractères.');
  });

  it('accepts 8 and 128 characters', () => {
    expect(passwordProblem('a'.repeat(8))).toBeNull();
    expect(passwordProblem('a'.repeat(128))).toBeNull();
  });

  it('refuses 129 characters with the French message', () => {
    expect(passwordProblem('a'.repeat(129))).toBe('Le mot de passe ne peut pas dépasser 128 caractères.');
  });
});

describe('initialOf', () => {
  it('gives the upper-case first letter, French style', () => {
    expect(initialOf('élodie')).toBe('É');
    expect(initialOf('marie')).toBe('M');
    expect(initialOf('  jean ')).toBe('J');
    expect(initialOf('Zoé')).toBe('Z');
  });

  it("gives '?' for a blank name", () => {
    expect(initialOf('  ')).toBe('?');
    expect(initialOf('')).toBe('?');
  });
});

it('takes a whole character as initial, even outside the basic plane', () => {
  expect(initialOf('😀abc')).toBe('😀');
});
