import { formatIban, ibanProblem, maskIban, normalizeIban, titulaireProblem } from '../src/rules/iban';

it('accepts IBANs whose ISO 13616 check digits hold, whatever the spacing and case', () => {
  for (const iban of [
    'FR76 3000 6000 0112 3456 7890 189',
    'fr7630006000011234567890189',
    'DE89 3704 0044 0532 0130 00',
    'BE68 5390 0754 7034',
    'GB29 NWBK 6016 1331 9268 19',
    'CH93 0076 2011 6238 5295 7',
  ]) {
    expect(ibanProblem(iban)).toBeNull();
  }
});

it('refuses a wrong check, a wrong length, a country outside SEPA and what is not an IBAN, each with its French reason', () => {
  expect(ibanProblem('FR76 3000 6000 0112 3456 7890 188')).toBe(
    "Cet IBAN n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.",
  );
  // Two characters swapped: the mod-97 check catches it.
  expect(ibanProblem('FR76 3000 6000 0112 3456 7890 198')).not.toBeNull();
  expect(ibanProblem('FR76 3000 6000')).toBe('Un IBAN FR compte 27 caractères (12 saisis).');
  expect(ibanProblem('US64 SVBK US6S 3300 9588 79')).toBe(
    "Les remboursements se font par virement SEPA : le pays US n'en fait pas partie.",
  );
  expect(ibanProblem('')).toBe("Saisissez l'IBAN du compte à rembourser.");
  expect(ibanProblem('1234 5678')).toBe(
    "L'IBAN doit commencer par le code du pays (2 lettres) et 2 chiffres de contrôle, suivis de lettres et de chiffres.",
  );
  expect(ibanProblem('FR76 3000 6000 0112 3456 7890 18é')).not.toBeNull();
});

it('formats, masks and names the holder', () => {
  expect(normalizeIban(' fr76-3000 6000 ')).toBe('FR7630006000');
  expect(formatIban('FR7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
  expect(maskIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR76 •••• 0189');
  expect(titulaireProblem(' ')).toBe('Saisissez le nom du titulaire du compte.');
  expect(titulaireProblem('x'.repeat(71))).toBe('Le nom du titulaire ne peut pas dépasser 70 caractères.');
  expect(titulaireProblem('Camille Martin')).toBeNull();
});
