/** The server's quote of a stay (DECISIONS 7): the only price a reservation is ever made at. */
import { eq } from 'drizzle-orm';
import { decodeCapacite } from 'shared-kernel/domain';
import { decodeReglesTarifaires, devisSejour, type Classement, type Devis, type TauxTaxeSejour } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { appartements } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { loadTaux } from './taux.js';

export interface Travellers {
  adultes: number;
  enfants: number;
}

export const AT_LEAST_ONE_ADULT = 'Au moins un adulte doit séjourner : indiquez le nombre d’adultes (1 ou plus).';
export const CHILDREN_INVALID = 'Le nombre d’enfants doit être un entier positif ou nul.';

export function capacityMessage(capacity: number): string {
  return `Le nombre de voyageurs doit être compris entre 1 et ${capacity} pour cet appartement.`;
}

/** Parses adults and children from query strings or JSON numbers; French 400s. */
export function parseTravellers(adultes: unknown, enfants: unknown): Travellers {
  const a = typeof adultes === 'string' && /^\d+$/.test(adultes) ? Number(adultes) : adultes;
  const e = enfants === undefined || enfants === '' ? 0 : typeof enfants === 'string' && /^\d+$/.test(enfants) ? Number(enfants) : enfants;
  if (typeof a !== 'number' || !Number.isInteger(a) || a < 1) throw badRequest(AT_LEAST_ONE_ADULT);
  if (typeof e !== 'number' || !Number.isInteger(e) || e < 0) throw badRequest(CHILDREN_INVALID);
  return { adultes: a, enfants: e };
}

export interface PricedApartment {
  prixParNuit: number;
  capacite: unknown;
  tarifs: unknown;
  classement: number;
}

export const pricingColumns = {
  prixParNuit: appartements.prixParNuit,
  capacite: appartements.capacite,
  tarifs: appartements.tarifs,
  classement: appartements.classement,
};

/** The quote of a stay whose dates are already valid; 400 over capacity or under the minimum stay. */
export async function quoteFor(
  db: AppDb,
  apartment: PricedApartment,
  arrivee: string,
  depart: string,
  travellers: Travellers,
): Promise<Devis> {
  return quoteWithRates(apartment, arrivee, depart, travellers, await loadTaux(db));
}

/** The same quote with the taxe de séjour rates already read (the search quotes a whole page with one read). */
export function quoteWithRates(
  apartment: PricedApartment,
  arrivee: string,
  depart: string,
  travellers: Travellers,
  taux: readonly TauxTaxeSejour[],
): Devis {
  const capacity = decodeCapacite(apartment.capacite).voyageurs;
  const guests = travellers.adultes + travellers.enfants;
  if (guests < 1 || guests > capacity) throw badRequest(capacityMessage(capacity));
  if (travellers.adultes < 1) throw badRequest(AT_LEAST_ONE_ADULT);
  const result = devisSejour({
    arrivee,
    depart,
    ...travellers,
    prixParNuit: Number(apartment.prixParNuit),
    regles: decodeReglesTarifaires(apartment.tarifs),
    classement: apartment.classement as Classement,
    taux,
  });
  if ('refus' in result) throw badRequest(result.refus);
  return result.devis;
}

export async function pricedApartment(db: AppDb, id: number): Promise<(PricedApartment & { publie: boolean }) | null> {
  const [row] = await db
    .select({ ...pricingColumns, publie: appartements.publie })
    .from(appartements)
    .where(eq(appartements.id, id))
    .limit(1);
  return row ?? null;
}
