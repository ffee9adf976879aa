/**
 * Demo taxe de séjour rates (issue 12): EXAMPLES shaped like Metz's published grid, not the commune's
 * official figures; the admin enters the real ones in /admin/taxe-de-sejour. The same grid for the
 * current year and the next, so that a stay across 1 January keeps a tax line.
 */
import type { TauxTaxeSejour } from 'shared-kernel/rules';

export const DEMO_TAUX_NOTE = 'Exemple de démonstration : taux plausibles, pas ceux votés par la commune.';

export function demoTauxTaxeSejour(year: number): TauxTaxeSejour[] {
  return [year, year + 1].map((annee) => ({
    annee,
    pourcentageNonClasse: 5,
    plafondNonClasse: 2.5,
    parEtoiles: { '1': 0.85, '2': 0.95, '3': 1.3, '4': 1.6, '5': 2.5 },
    // Taxe additionnelle départementale de la Moselle.
    taxeAdditionnelle: 10,
  }));
}
