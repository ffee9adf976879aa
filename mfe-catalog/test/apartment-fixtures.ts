/** An apartment and its reviews as the API sends them, for the apartment and reviews pages' tests. */
import { decodeAppartement, type Appartement, type Avis, type AvisResume } from 'shared-kernel';

export function loft(overrides: Record<string, unknown> = {}): Appartement {
  return decodeAppartement({
    id: 42,
    slug: 'loft-cathedrale',
    titre: 'Loft lumineux Cathédrale',
    description:
      'Un loft de caractère au pied de la cathédrale Saint-Étienne, entièrement rénové.\n\nÀ deux pas des restaurants de la place Saint-Jacques et du marché couvert.',
    localisation: 'Metz Centre',
    prixParNuit: '89',
    surface: 45,
    note: 4.6,
    nombreAvis: 12,
    smoobuId: 1234567,
    politiqueAnnulation: 'Modérée',
    capacite: JSON.stringify({ voyageurs: 4, chambres: 2, lits: 3, sallesDeBain: 1 }),
    inclus: JSON.stringify(['Wifi', 'Cuisine', 'Lave-linge']),
    nonInclus: JSON.stringify(['Animaux de compagnie']),
    images: JSON.stringify(['https://images.test/loft-1.jpg', 'https://images.test/loft-2.jpg']),
    hote: JSON.stringify({ nom: 'Claire', experience: '5 ans', tauxReponse: '98%', delaiReponse: '2h' }),
    regles: JSON.stringify({ arrivee: '16:00 - 22:00', depart: 'avant 11:00', voyageursMax: 4 }),
    equipements: '{}',
    ...overrides,
  });
}

export function review(id: number, auteur: string, date: string, note: number, commentaire: string): Avis {
  return { id, auteur, date, note, commentaire };
}

/** Four reviews, sent oldest first on purpose (the pages show the newest first). */
export function fourReviews(): AvisResume {
  return {
    avis: [
      review(1, 'Hugo', '2025-11-02T12:00:00.000Z', 3, 'Correct, un peu bruyant le samedi soir.'),
      review(2, 'Inès', '2026-01-20T12:00:00.000Z', 4, 'Très bien situé, literie confortable.'),
      review(3, 'Paul', '2026-03-12T12:00:00.000Z', 5, 'Séjour parfait, hôte très réactif.'),
      review(4, 'Léa', '2026-02-05T12:00:00.000Z', 5, 'Magnifique vue sur la cathédrale.'),
    ],
    moyenne: 4.3,
    nombreAvis: 4,
    repartition: { 5: 2, 4: 1, 3: 1, 2: 0, 1: 0 },
  };
}

export function noReviews(): AvisResume {
  return { avis: [], moyenne: 5, nombreAvis: 0, repartition: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } };
}

/** A failed call as axios reports it (what the kernel's `errorStatus` reads). */
export function httpError(status: number, message = 'Erreur'): Error {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data: { message } },
  });
}
