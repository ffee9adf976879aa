/**
 * The admin apartment form's fields as a valid request sends them (JSON-shaped ones as JSON
 * strings), for every test that creates or edits an apartment; each test overrides what it checks.
 */
export function apartmentForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    titre: 'Studio neuf rue Taison',
    description: 'Un studio rénové au cœur de Metz.',
    localisation: 'Metz Centre',
    prixParNuit: 72.5,
    surface: 28,
    capacite: JSON.stringify({ voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 }),
    hote: JSON.stringify({ nom: 'Claire' }),
    regles: JSON.stringify({ arrivee: '16:00 - 22:00' }),
    images: JSON.stringify(['https://images.exemple.fr/taison-1.jpg']),
    equipements: JSON.stringify({ salleDeBain: ['Douche'], internetEtBureau: ['Wifi'] }),
    inclus: ['Wifi'],
    nonInclus: ['Sèche-cheveux'],
    slug: 'studio-corpus',
    smoobuId: 4567890,
    politiqueAnnulation: 'Modérée',
    ...overrides,
  };
}
