/** Apartments as the API sends them (JSON-encoded fields), decoded the way appartementsApi.list() does. */
import {
  decodeAppartement,
  slugify,
  type Appartement,
  type AppartementTrouve,
  type PageAppartements,
  type VilleFacette,
} from 'shared-kernel';

let nextId = 1;

export function apartment(raw: {
  slug: string;
  titre: string;
  localisation: string;
  prixParNuit: number;
  inclus?: string[];
  capacite?: { voyageurs: number; chambres: number; lits?: number; sallesDeBain: number };
  images?: string[];
  nombreAvis?: number;
  note?: number;
}): Appartement {
  return decodeAppartement({
    id: nextId++,
    slug: raw.slug,
    titre: raw.titre,
    description: `Description de ${raw.titre}`,
    localisation: raw.localisation,
    prixParNuit: String(raw.prixParNuit),
    surface: 40,
    capacite: JSON.stringify({ lits: 1, ...(raw.capacite ?? { voyageurs: 2, chambres: 1, sallesDeBain: 1 }) }),
    inclus: JSON.stringify(raw.inclus ?? []),
    nonInclus: '[]',
    images: JSON.stringify(raw.images ?? []),
    ...(raw.nombreAvis === undefined ? {} : { nombreAvis: raw.nombreAvis, note: raw.note ?? 4.5 }),
  });
}

/** Five lodgings; nightly prices from 55 to 180 €. */
export function demoList(): Appartement[] {
  return [
    apartment({
      slug: 'studio-gare',
      titre: 'Studio cosy près de la gare',
      localisation: 'Metz Gare',
      prixParNuit: 55,
      inclus: ['Wifi'],
      capacite: { voyageurs: 2, chambres: 1, sallesDeBain: 1 },
      images: ['https://images.test/studio-gare.jpg', 'https://images.test/studio-gare-2.jpg'],
      nombreAvis: 7,
    }),
    apartment({
      slug: 'loft-cathedrale',
      titre: 'Loft lumineux Cathédrale',
      localisation: 'Metz Centre',
      prixParNuit: 89,
      inclus: ['Wifi', 'Parking gratuit'],
      capacite: { voyageurs: 4, chambres: 2, sallesDeBain: 1 },
      images: ['https://images.test/loft.jpg'],
    }),
    apartment({
      slug: 'maison-piscine',
      titre: 'Maison avec piscine',
      localisation: 'Montigny-lès-Metz',
      prixParNuit: 180,
      inclus: ['Wifi', 'Parking gratuit', 'Piscine'],
      capacite: { voyageurs: 8, chambres: 4, sallesDeBain: 2 },
      images: ['https://images.test/maison.jpg'],
    }),
    apartment({
      slug: 'appartement-pompidou',
      titre: 'Appartement Pompidou',
      localisation: 'Metz Amphithéâtre',
      prixParNuit: 120,
      inclus: ['Parking gratuit'],
      capacite: { voyageurs: 5, chambres: 2, sallesDeBain: 2 },
      images: [],
    }),
    apartment({
      slug: 'duplex-sablon',
      titre: 'Duplex Sablon',
      localisation: 'Metz Sablon',
      prixParNuit: 75,
      inclus: ['Wifi'],
      capacite: { voyageurs: 3, chambres: 1, sallesDeBain: 1 },
      images: ['https://images.test/duplex.jpg'],
    }),
  ];
}

/** What `appartementsApi.search` answers for a page holding `list` (the catalogue's facets from it). */
export function searchPage(
  list: AppartementTrouve[],
  { total = list.length, page = 1, localisations }: { total?: number; page?: number; localisations?: string[] } = {},
): { page: PageAppartements } {
  const prices = list.map((a) => a.prixParNuit);
  return {
    page: {
      appartements: list,
      total,
      page,
      parPage: 12,
      facettes: {
        prixMin: prices.length ? Math.floor(Math.min(...prices)) : 0,
        prixMax: prices.length ? Math.ceil(Math.max(...prices)) : 0,
        localisations: localisations ?? [...new Set(list.map((a) => a.localisation))].sort(),
        villes: villesOf(list),
      },
    },
  };
}

/** The towns of these apartments, as the API lists them (by name, with their slug and count). */
export function villesOf(list: readonly Appartement[]): VilleFacette[] {
  const counts = new Map<string, number>();
  for (const { ville = '' } of list) counts.set(ville, (counts.get(ville) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'fr'))
    .map(([ville, nombre]) => ({ ville, slug: slugify(ville), nombre }));
}
