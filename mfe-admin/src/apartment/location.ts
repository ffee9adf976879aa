/** The town and coordinates of both apartment forms (issues 30, 32), checked with the kernel's rules. */
import {
  COORDINATES_BOTH_OR_NEITHER,
  LONGITUDE_INVALID,
  parseCoordonnees,
  VILLE_MAX_LENGTH,
  VILLE_TOO_LONG,
  type Appartement,
} from 'shared-kernel';
import type { FormProblem } from './numbers';

export interface LocationForm {
  /** Empty: the town the location names ('Metz' for 'Metz Sablon'). */
  ville: string;
  /** Decimal degrees as typed ('49,1197' or '49.1197'); both or neither. */
  latitude: string;
  longitude: string;
}

export const EMPTY_LOCATION: LocationForm = { ville: '', latitude: '', longitude: '' };

export function locationOf(a: Appartement): LocationForm {
  return {
    ville: a.ville ?? '',
    latitude: typeof a.latitude === 'number' ? String(a.latitude).replace('.', ',') : '',
    longitude: typeof a.longitude === 'number' ? String(a.longitude).replace('.', ',') : '',
  };
}

/** The first problem of these fields, the field to focus with it. */
export function locationProblem(form: LocationForm): FormProblem | null {
  if (form.ville.trim().length > VILLE_MAX_LENGTH) return { message: VILLE_TOO_LONG, field: 'ville' };
  const parsed = parseCoordonnees(form.latitude, form.longitude);
  if (parsed.ok) return null;
  if (parsed.message === LONGITUDE_INVALID) return { message: parsed.message, field: 'longitude' };
  if (parsed.message === COORDINATES_BOTH_OR_NEITHER)
    return { message: parsed.message, field: form.latitude.trim() === '' ? 'latitude' : 'longitude' };
  return { message: parsed.message, field: 'latitude' };
}

/** What the API takes: the town (empty: the location's) and both coordinates, null when not given. */
export function locationPayload(form: LocationForm): { ville: string; latitude: number | null; longitude: number | null } {
  const parsed = parseCoordonnees(form.latitude, form.longitude);
  const value = parsed.ok ? parsed.value : null;
  return { ville: form.ville.trim(), latitude: value?.latitude ?? null, longitude: value?.longitude ?? null };
}
