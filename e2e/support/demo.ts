/**
 * The demo data the server seeds into the fresh data folder of the run, and an independent
 * transcription of the home filter rules of the spec (section 5) to compute expected counts.
 * (Deliberately not imported from shared-kernel: the tests check that code, they do not reuse it.)
 */
import { demoApartments, type DemoApartment } from '../../api/src/seed/demo-data';

export { demoApartments, type DemoApartment };

export const DEMO_ADMIN = { email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' } as const;
export const DEMO_CLIENT = { email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026' } as const;

export interface ExpectedFilters {
  search?: string;
  priceMin?: number;
  priceMax?: number;
  amenities?: readonly string[];
  locations?: readonly string[];
  guests?: number;
  bedrooms?: number;
  bathrooms?: number;
}

/** Spec section 5, "Home filters". */
export function matches(a: DemoApartment, f: ExpectedFilters): boolean {
  const q = (f.search ?? '').trim().toLowerCase();
  if (q && !a.titre.toLowerCase().includes(q) && !a.localisation.toLowerCase().includes(q)) return false;
  if (f.priceMin !== undefined && a.prixParNuit < f.priceMin) return false;
  if (f.priceMax !== undefined && a.prixParNuit > f.priceMax) return false;
  if (f.amenities && !f.amenities.every((x) => (a.inclus as readonly string[]).includes(x))) return false;
  if (f.locations && f.locations.length > 0 && !f.locations.includes(a.localisation)) return false;
  if (f.guests !== undefined && f.guests > 1 && a.capacite.voyageurs < f.guests) return false;
  if (f.bedrooms !== undefined && f.bedrooms > 0 && a.capacite.chambres < f.bedrooms) return false;
  if (f.bathrooms !== undefined && f.bathrooms > 0 && a.capacite.sallesDeBain < f.bathrooms) return false;
  return true;
}

export function expectedCount(f: ExpectedFilters = {}): number {
  return demoApartments.filter((a) => matches(a, f)).length;
}

export function countText(n: number): string {
  return `${n} logement(s) disponible(s)`;
}

export const demoPrices = {
  min: Math.min(...demoApartments.map((a) => a.prixParNuit)),
  max: Math.max(...demoApartments.map((a) => a.prixParNuit)),
};

export const demoLocations = [...new Set(demoApartments.map((a) => a.localisation))];
