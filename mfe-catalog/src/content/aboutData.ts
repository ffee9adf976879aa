/**
 * Texts of the About page (/about): its figures, computed by the server from the database
 * (GET /api/site/chiffres, issue 27: a figure is true or absent), and four values.
 */
import { formatDecimal } from 'shared-kernel';

export interface Figure {
  value: string;
  label: string;
}

/** What GET /api/site/chiffres answers: null for a figure too small to show. */
export interface SiteFigures {
  appartements: number | null;
  villes: number | null;
  voyageurs: number | null;
  noteMoyenne: { note: number; avis: number } | null;
}

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

export function decodeSiteFigures(raw: unknown): SiteFigures | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const rating = r.noteMoyenne as Record<string, unknown> | null | undefined;
  const note = rating && typeof rating.note === 'number' && rating.note >= 1 && rating.note <= 5 ? rating.note : null;
  const avis = rating ? count(rating.avis) : null;
  return {
    appartements: count(r.appartements),
    villes: count(r.villes),
    voyageurs: count(r.voyageurs),
    noteMoyenne: note !== null && avis !== null ? { note, avis } : null,
  };
}

const integer = (n: number) => new Intl.NumberFormat('fr-FR').format(n);

/** The figures to show, exactly as the server counted them; none while unknown. */
export function aboutFigures(figures: SiteFigures | null): Figure[] {
  if (!figures) return [];
  const shown: Figure[] = [];
  if (figures.appartements !== null)
    shown.push({
      value: integer(figures.appartements),
      label: figures.appartements > 1 ? 'appartements en ligne' : 'appartement en ligne',
    });
  if (figures.villes !== null) shown.push({ value: integer(figures.villes), label: figures.villes > 1 ? 'communes' : 'commune' });
  if (figures.voyageurs !== null)
    shown.push({ value: integer(figures.voyageurs), label: figures.voyageurs > 1 ? 'voyageurs accueillis' : 'voyageur accueilli' });
  if (figures.noteMoyenne !== null)
    shown.push({
      value: `${formatDecimal(figures.noteMoyenne.note, 1)}/5`,
      label: `note moyenne sur ${integer(figures.noteMoyenne.avis)} avis`,
    });
  return shown;
}

export interface Value {
  title: string;
  text: string;
}

export const ABOUT_VALUES: readonly Value[] = [
  {
    title: 'Hospitalité',
    text: 'Nous accueillons chaque voyageur comme un invité : un logement prêt à vivre, des conseils sur Metz et une équipe disponible du premier message jusqu’au départ.',
  },
  {
    title: 'Confiance et sécurité',
    text: 'Chaque appartement est visité et vérifié par notre équipe locale, les paiements sont sécurisés et les avis publiés viennent de voyageurs qui ont séjourné chez nous.',
  },
  {
    title: 'Excellence du service',
    text: 'Ménage professionnel, linge fourni et réponses rapides : nous soignons chaque détail pour que votre séjour se déroule sans accroc.',
  },
  {
    title: 'Accessibilité pour tous',
    text: 'Un site simple à utiliser par tous, des prix clairs par nuit sans frais cachés et des logements pour tous les budgets, du studio à la maison familiale.',
  },
];
