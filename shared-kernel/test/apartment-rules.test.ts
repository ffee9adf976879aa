import { imageUrlProblem, randomSmoobuId } from '../src/rules/apartment';

describe('image URLs of the apartment forms', () => {
  it('accepts http(s) URLs under 500 characters and the site’s own files', () => {
    expect(imageUrlProblem('https://exemple.fr/a.jpg')).toBeNull();
    expect(imageUrlProblem('http://exemple.fr/a.jpg')).toBeNull();
    expect(imageUrlProblem('/media/demo/a-1.jpg')).toBeNull();
  });
  it('refuses other schemes and long URLs with the spec’s messages', () => {
    expect(imageUrlProblem('ftp://exemple.fr/a.jpg')).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(imageUrlProblem('exemple.fr/a.jpg')).toBe('Veuillez entrer une URL valide commençant par http:// ou https://');
    expect(imageUrlProblem(`https://exemple.fr/${'a'.repeat(481)}`)).toBe("L'URL est trop longue. Veuillez entrer une URL plus courte.");
    expect(imageUrlProblem(`https://exemple.fr/${'a'.repeat(480)}`)).toBeNull();
  });
});

describe('randomSmoobuId', () => {
  it('stays between 1,000,000 and 9,999,999', () => {
    expect(randomSmoobuId(() => 0)).toBe(1_000_000);
    expect(randomSmoobuId(() => 0.9999999999)).toBe(9_999_999);
    for (let i = 0; i < 100; i += 1) {
      const id = randomSmoobuId();
      expect(Number.isInteger(id) && id >= 1_000_000 && id <= 9_999_999).toBe(true);
    }
  });
});
