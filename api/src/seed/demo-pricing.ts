/**
 * Demo pricing (issue 12): the Marché de Noël (late November to late December) and summer priced
 * higher, weekend prices, cleaning fees and a 2-night minimum on busy dates, classifications and
 * registration numbers. Registration numbers are EXAMPLES in Metz's format (INSEE code 57463,
 * 6 digits, 2-character key), not real ones. Apartments the price-checking tests book keep flat prices.
 */
import type { Classement, ReglesTarifaires } from 'shared-kernel/rules';

export interface DemoPricing {
  tarifs: Partial<ReglesTarifaires>;
  classement: Classement;
  numeroEnregistrement: string;
}

/** Seasons of this year and the next (the seed runs once, on the first start). */
function seasons(year: number, christmas: number, summer: number) {
  return [year, year + 1].flatMap((y) => [
    { nom: 'Été', debut: `${y}-07-01`, fin: `${y}-08-31`, prixParNuit: summer, sejourMinimum: 2 },
    { nom: 'Marché de Noël', debut: `${y}-11-21`, fin: `${y}-12-30`, prixParNuit: christmas, sejourMinimum: 2 },
  ]);
}

/** Rules per demo slug; the others keep their single nightly price. */
function rulesFor(slug: string, year: number): Partial<ReglesTarifaires> {
  switch (slug) {
    case 'studio-cosy-cathedrale':
      return { prixWeekend: 72, periodes: seasons(year, 85, 70), fraisMenage: 25 };
    case 'loft-lumineux-imperial':
      return {
        prixWeekend: 135,
        periodes: seasons(year, 160, 130),
        fraisMenage: 45,
        remises: [
          { nuitsMin: 7, pourcentage: 10 },
          { nuitsMin: 28, pourcentage: 20 },
        ],
      };
    case 'villa-piscine-marly':
      return {
        periodes: seasons(year, 260, 280),
        fraisMenage: 90,
        voyageurSupplementaire: { auDela: 4, prixParNuit: 15 },
        sejourMinimum: 2,
      };
    case 'maison-vigneron-scy':
      return { prixWeekend: 195, periodes: seasons(year, 210, 200), fraisMenage: 60, remises: [{ nuitsMin: 7, pourcentage: 10 }] };
    case 'cocon-bord-moselle-longeville':
      return { periodes: seasons(year, 89, 79), fraisMenage: 30 };
    default:
      return {};
  }
}

const CLASSEMENTS: Record<string, Classement> = {
  'loft-lumineux-imperial': 3,
  'duplex-place-saint-louis': 4,
  'maison-piscine-montigny': 4,
  'villa-piscine-marly': 5,
  'maison-vigneron-scy': 4,
  'design-face-pompidou': 3,
  'grand-appart-famille-queuleu': 2,
};

export function demoPricing(slug: string, index: number, year: number): DemoPricing {
  // Example numbers, one per apartment: 57463 + 6 digits + 2 letters.
  const numero = `57463${String(100 + index).padStart(6, '0')}${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(66 + (index % 25))}`;
  return { tarifs: rulesFor(slug, year), classement: CLASSEMENTS[slug] ?? 0, numeroEnregistrement: numero };
}
