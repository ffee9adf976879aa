/**
 * Taxe de séjour (CGCT art. L2333-30 and following), computed in integer cents.
 * - Non classé (en attente de classement): a percentage (1 to 5 %) of the price of the night per
 *   occupant (minors included in the head count), capped at the commune's ceiling, due per adult.
 * - Classé 1 to 5 étoiles: a fixed amount per adult per night for the category.
 * - Plus the taxe additionnelle départementale: a percentage of the communal tax (10 % in Moselle).
 * Minors (under 18) are exempt. Rates are per calendar year: each night uses its own year's rates.
 */

/** 0 = non classé; 1 to 5 = étoiles. */
export type Classement = 0 | 1 | 2 | 3 | 4 | 5;
export const CLASSEMENTS: readonly Classement[] = [0, 1, 2, 3, 4, 5];

export function classementLabel(classement: Classement): string {
  return classement === 0 ? 'Non classé' : `${classement} étoile${classement > 1 ? 's' : ''}`;
}

export interface TauxTaxeSejour {
  annee: number;
  /** Percentage (1 to 5) applied to a non-classified lodging's price per person per night. */
  pourcentageNonClasse: number;
  /** The commune's ceiling per person per night for a non-classified lodging, in euros. */
  plafondNonClasse: number;
  /** Euros per adult per night, by number of stars. */
  parEtoiles: Record<'1' | '2' | '3' | '4' | '5', number>;
  /** Taxe additionnelle départementale, in percent of the communal tax. */
  taxeAdditionnelle: number;
}

export interface TaxeSejourDetail {
  /** Cents. */
  communale: number;
  departementale: number;
  total: number;
  nuitsAdultes: number;
  nuitsExonerees: number;
}

const cents = (euros: number) => Math.round(euros * 100);

/** The rates in force for a year: that year's, else the latest earlier year's, else the earliest known. */
export function tauxPourAnnee(taux: readonly TauxTaxeSejour[], annee: number): TauxTaxeSejour | null {
  const sorted = [...taux].sort((a, b) => a.annee - b.annee);
  let found: TauxTaxeSejour | null = null;
  for (const t of sorted) if (t.annee <= annee) found = t;
  return found ?? sorted[0] ?? null;
}

export interface NuitTaxable {
  /** YYYY-MM-DD */
  date: string;
  /** Price of the night excluding taxes, in cents. */
  prix: number;
}

/** The communal tax per adult for one night, in cents (rounded to the cent). */
function parAdulte(t: TauxTaxeSejour, classement: Classement, prix: number, occupants: number): number {
  if (classement !== 0) return cents(t.parEtoiles[String(classement) as '1']);
  return Math.min(Math.round(((t.pourcentageNonClasse / 100) * prix) / occupants), cents(t.plafondNonClasse));
}

/** The tax of a stay; every amount in cents, rounded to the cent. Without any configured rate, nothing is due. */
export function taxeSejour(
  nuits: readonly NuitTaxable[],
  classement: Classement,
  adultes: number,
  enfants: number,
  taux: readonly TauxTaxeSejour[],
): TaxeSejourDetail {
  const occupants = adultes + enfants;
  let communale = 0;
  // Each night's departmental share uses that night's year rate; rounded once, on the stay.
  let departementaleExacte = 0;
  for (const nuit of nuits) {
    const t = tauxPourAnnee(taux, Number(nuit.date.slice(0, 4)));
    if (!t || occupants === 0) continue;
    const nuitCommunale = parAdulte(t, classement, nuit.prix, occupants) * adultes;
    communale += nuitCommunale;
    departementaleExacte += (nuitCommunale * t.taxeAdditionnelle) / 100;
  }
  const departementale = Math.round(departementaleExacte);
  return {
    communale,
    departementale,
    total: communale + departementale,
    nuitsAdultes: nuits.length * adultes,
    nuitsExonerees: nuits.length * enfants,
  };
}

/** Problems of a year's rates for the admin form, in French; empty when valid. */
export function tauxProblems(t: TauxTaxeSejour): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(t.annee) || t.annee < 2000 || t.annee > 2100) problems.push("L'année doit être comprise entre 2000 et 2100.");
  if (!(t.pourcentageNonClasse >= 1 && t.pourcentageNonClasse <= 5))
    problems.push('Le taux pour les hébergements non classés doit être compris entre 1 et 5 %.');
  if (!(t.plafondNonClasse >= 0 && t.plafondNonClasse <= 100)) problems.push('Le plafond doit être compris entre 0 et 100 €.');
  for (const k of ['1', '2', '3', '4', '5'] as const) {
    const v = t.parEtoiles[k];
    if (typeof v !== 'number' || !(v >= 0 && v <= 100))
      problems.push(`Le tarif ${k} étoile${k === '1' ? '' : 's'} doit être compris entre 0 et 100 €.`);
  }
  if (!(t.taxeAdditionnelle >= 0 && t.taxeAdditionnelle <= 100))
    problems.push('La taxe additionnelle doit être comprise entre 0 et 100 %.');
  return problems;
}
