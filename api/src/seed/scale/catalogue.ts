/**
 * The scale catalogue's apartments (issue 32 item 5): built from the demo apartments' descriptions,
 * photos and equipment, placed in the towns of towns.ts with their coordinates, with a price that
 * follows the town and the size, and pricing rules (seasons, weekends, fees, minimum stay).
 */
import { decodeCapacite } from 'shared-kernel/domain';
import type { Classement, ReglesTarifaires } from 'shared-kernel/rules';
import type { appartements } from '../../db/schema.js';
import { demoApartments } from '../demo-data.js';
import { METZ_QUARTIERS, TOWNS, type Town } from './towns.js';
import type { Random } from './random.js';

export type NewApartment = typeof appartements.$inferInsert;

const ADJECTIFS = ['lumineux', 'calme', 'cosy', 'rénové', 'spacieux', 'charmant', 'moderne', 'de caractère'];
const KINDS: [maxVoyageurs: number, label: string][] = [
  [2, 'Studio'],
  [3, 'Deux-pièces'],
  [4, 'Appartement'],
  [6, 'Grand appartement'],
  [99, 'Maison'],
];

export function slugPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The towns drawn by weight, as many as apartments asked: every town gets at least one when there are enough. */
function townsFor(count: number, random: Random): Town[] {
  const total = TOWNS.reduce((sum, t) => sum + t.poids, 0);
  const picked: Town[] = count >= TOWNS.length ? [...TOWNS] : [];
  while (picked.length < count) {
    let draw = random.next() * total;
    const town = TOWNS.find((t) => (draw -= t.poids) < 0) ?? TOWNS[0]!;
    picked.push(town);
  }
  return picked;
}

/** Seasons of each year the history covers: summer and the Christmas market dearer, two nights minimum. */
function seasons(years: number[], prix: number) {
  return years.flatMap((y) => [
    { nom: 'Été', debut: `${y}-07-01`, fin: `${y}-08-31`, prixParNuit: Math.round(prix * 1.2), sejourMinimum: 2 },
    { nom: 'Marché de Noël', debut: `${y}-11-21`, fin: `${y}-12-30`, prixParNuit: Math.round(prix * 1.3), sejourMinimum: 2 },
  ]);
}

export function buildApartments(count: number, years: number[], random: Random): NewApartment[] {
  const perTown = new Map<string, number>();
  return townsFor(count, random).map((town, index) => {
    const model = demoApartments[index % demoApartments.length]!;
    const rank = (perTown.get(town.nom) ?? 0) + 1;
    perTown.set(town.nom, rank);
    const capacite = decodeCapacite(model.capacite);
    const kind = KINDS.find(([max]) => capacite.voyageurs <= max)![1];
    const localisation = town.nom === 'Metz' ? `Metz ${random.pick(METZ_QUARTIERS)}` : town.nom;
    // Big towns and the Alsace wine road cost more than the Moselle countryside.
    const factor = town.poids >= 6 ? 1.1 : town.poids >= 3 ? 1 : 0.85;
    const prix = Math.max(35, Math.round(model.prixParNuit * factor * (0.85 + random.next() * 0.3)));
    const tarifs: Partial<ReglesTarifaires> = {
      periodes: seasons(years, prix),
      fraisMenage: 15 + 5 * random.int(0, 10),
      ...(random.next() < 0.6 ? { prixWeekend: Math.round(prix * 1.1) } : {}),
      ...(random.next() < 0.3 ? { remises: [{ nuitsMin: 7, pourcentage: 10 }] } : {}),
    };
    return {
      slug: `${slugPart(town.nom)}-${slugPart(kind)}-${rank}`.slice(0, 60),
      titre: `${kind} ${random.pick(ADJECTIFS)} à ${town.nom}${rank > 1 ? ` (${rank})` : ''}`,
      description: model.description,
      localisation,
      ville: town.nom,
      // Around the town centre (a few hundred metres), never an address.
      latitude: Number((town.latitude + (random.next() - 0.5) * 0.02).toFixed(5)),
      longitude: Number((town.longitude + (random.next() - 0.5) * 0.03).toFixed(5)),
      prixParNuit: prix,
      surface: model.surface,
      politiqueAnnulation: model.politiqueAnnulation,
      capacite: model.capacite,
      inclus: model.inclus,
      nonInclus: model.nonInclus,
      images: model.images,
      hote: model.hote,
      regles: model.regles,
      equipements: model.equipements,
      tarifs,
      classement: random.int(0, 4) as Classement,
      // Example numbers in the commune format (5 digits, 6 digits, 2 letters), not real ones.
      numeroEnregistrement: `57${String(100 + (index % 900)).padStart(3, '0')}${String(index + 1).padStart(6, '0')}SC`,
      publie: true,
    };
  });
}
