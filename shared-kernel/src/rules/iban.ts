/**
 * IBAN checks (ISO 13616): the country's length and the mod-97 check digits. The reservation page
 * checks as the guest types; the API refuses the same IBANs with the same messages.
 */

/** IBAN lengths of the SEPA countries (the countries a euro transfer reaches). */
const SEPA_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Spaces and dashes removed, upper case. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/** mod 97 of the IBAN read with its first four characters moved to the end, letters as 10 to 35. */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 ? String(code - 55) : char;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** What is wrong with this IBAN, in French; null when it is valid. */
export function ibanProblem(value: string): string | null {
  const iban = normalizeIban(value);
  if (iban.length === 0) return "Saisissez l'IBAN du compte à rembourser.";
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban))
    return "L'IBAN doit commencer par le code du pays (2 lettres) et 2 chiffres de contrôle, suivis de lettres et de chiffres.";
  const country = iban.slice(0, 2);
  const expected = SEPA_LENGTHS[country];
  if (expected === undefined) return `Les remboursements se font par virement SEPA : le pays ${country} n'en fait pas partie.`;
  if (iban.length !== expected) return `Un IBAN ${country} compte ${expected} caractères (${iban.length} saisis).`;
  if (mod97(iban) !== 1) return "Cet IBAN n'est pas valide : sa clé de contrôle ne correspond pas. Vérifiez chaque caractère.";
  return null;
}

/** "FR76 3000 6000 0112 3456 7890 189" */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN with only its country, check digits and last 4 characters shown. */
export function maskIban(value: string): string {
  const iban = normalizeIban(value);
  return `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;
}

/** The account holder's name: 2 to 70 characters. */
export function titulaireProblem(value: string): string | null {
  const name = value.trim();
  if (name.length < 2) return 'Saisissez le nom du titulaire du compte.';
  if (name.length > 70) return 'Le nom du titulaire ne peut pas dépasser 70 caractères.';
  return null;
}
