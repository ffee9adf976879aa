/** Home page filters (spec section 5); computed in the browser from the loaded list on every change. */
import type { Appartement } from '../domain/types.js';
import { compareFrench } from '../format/index.js';

export const AMENITY_FILTER_OPTIONS = ['Wifi', 'Parking gratuit', 'Piscine'] as const;
export const DEFAULT_PRICE_RANGE = { min: 0, max: 1000 } as const;

export interface HomeFilters {
  search: string;
  priceMin: number;
  priceMax: number;
  amenities: string[];
  locations: string[];
  guests: number;
  bedrooms: number;
  bathrooms: number;
}

export function defaultFilters(bounds: { min: number; max: number } = DEFAULT_PRICE_RANGE): HomeFilters {
  return { search: '', priceMin: bounds.min, priceMax: bounds.max, amenities: [], locations: [], guests: 1, bedrooms: 0, bathrooms: 0 };
}

/** Min and max nightly price of the loaded list (the default range when the list is empty). */
export function priceBounds(list: readonly Appartement[]): { min: number; max: number } {
  if (list.length === 0) return { ...DEFAULT_PRICE_RANGE };
  const prices = list.map((a) => a.prixParNuit);
  return { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) };
}

/** The distinct locations of the loaded list, sorted the French way. */
export function locationOptions(list: readonly Appartement[]): string[] {
  return [...new Set(list.map((a) => a.localisation).filter(Boolean))].sort(compareFrench);
}

export function matchesFilters(a: Appartement, f: HomeFilters): boolean {
  const q = f.search.trim().toLowerCase();
  if (q && !a.titre.toLowerCase().includes(q) && !a.localisation.toLowerCase().includes(q)) return false;
  if (a.prixParNuit < f.priceMin || a.prixParNuit > f.priceMax) return false;
  if (!f.amenities.every((x) => a.inclus.includes(x))) return false;
  if (f.locations.length > 0 && !f.locations.includes(a.localisation)) return false;
  if (f.guests > 1 && a.capacite.voyageurs < f.guests) return false;
  if (f.bedrooms > 0 && a.capacite.chambres < f.bedrooms) return false;
  if (f.bathrooms > 0 && a.capacite.sallesDeBain < f.bathrooms) return false;
  return true;
}

export function applyFilters(list: readonly Appartement[], f: HomeFilters): Appartement[] {
  return list.filter((a) => matchesFilters(a, f));
}

/** Whether any filter narrows the list compared with the initial state for these bounds. */
export function isFilterActive(f: HomeFilters, bounds: { min: number; max: number }): boolean {
  return (
    f.search.trim() !== '' ||
    f.priceMin !== bounds.min ||
    f.priceMax !== bounds.max ||
    f.amenities.length > 0 ||
    f.locations.length > 0 ||
    f.guests > 1 ||
    f.bedrooms > 0 ||
    f.bathrooms > 0
  );
}

/** The min input only accepts values <= current max; the max input only values >= current min. */
export function acceptPriceMin(f: HomeFilters, value: number): HomeFilters {
  return Number.isFinite(value) && value >= 0 && value <= f.priceMax ? { ...f, priceMin: value } : f;
}

export function acceptPriceMax(f: HomeFilters, value: number): HomeFilters {
  return Number.isFinite(value) && value >= f.priceMin ? { ...f, priceMax: value } : f;
}

export const STEPPER_MINIMUMS = { guests: 1, bedrooms: 0, bathrooms: 0 } as const;
export type StepperKey = keyof typeof STEPPER_MINIMUMS;

/** Steppers: guests at least 1, bedrooms and bathrooms at least 0, no upper bound. */
export function step(f: HomeFilters, key: StepperKey, delta: number): HomeFilters {
  return { ...f, [key]: Math.max(STEPPER_MINIMUMS[key], f[key] + delta) };
}

export function toggleIn(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
}
