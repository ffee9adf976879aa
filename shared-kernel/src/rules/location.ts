/**
 * An apartment's town and coordinates (issues 30 and 32): the rules the admin form and the API both
 * apply. Coordinates are WGS 84 decimal degrees, both or neither; they place the apartment on a map,
 * never a street address (that is private, given to the guest only).
 */

export const VILLE_MAX_LENGTH = 80;

export const COORDINATES_BOTH_OR_NEITHER = 'Indiquez la latitude et la longitude, ou aucune des deux.';
export const LATITUDE_INVALID = 'La latitude doit être un nombre entre -90 et 90.';
export const LONGITUDE_INVALID = 'La longitude doit être un nombre entre -180 et 180.';
export const VILLE_TOO_LONG = `La ville ne peut pas dépasser ${VILLE_MAX_LENGTH} caractères.`;

/** 'Metz Sablon' → 'Metz' (a quarter of Metz is in Metz); 'Montigny-lès-Metz' is a town of its own. */
export function villeDeLocalisation(localisation: string): string {
  const text = localisation.trim();
  return /^metz(\s|$)/i.test(text) ? 'Metz' : text;
}

export interface Coordonnees {
  latitude: number;
  longitude: number;
}

/** A number as a form or a JSON body gives it ('49,1197' with a French comma too); null when empty. */
function degrees(value: unknown): number | null | 'invalide' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim().replace(',', '.');
    if (text === '') return null;
    return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : 'invalide';
  }
  return typeof value === 'number' && Number.isFinite(value) ? value : 'invalide';
}

/** The coordinates given, null when neither is, or the French message of the first problem. */
export function parseCoordonnees(
  latitude: unknown,
  longitude: unknown,
): { ok: true; value: Coordonnees | null } | { ok: false; message: string } {
  const lat = degrees(latitude);
  const lng = degrees(longitude);
  if (lat === 'invalide' || (typeof lat === 'number' && (lat < -90 || lat > 90))) return { ok: false, message: LATITUDE_INVALID };
  if (lng === 'invalide' || (typeof lng === 'number' && (lng < -180 || lng > 180))) return { ok: false, message: LONGITUDE_INVALID };
  if ((lat === null) !== (lng === null)) return { ok: false, message: COORDINATES_BOTH_OR_NEITHER };
  return { ok: true, value: lat === null || lng === null ? null : { latitude: lat, longitude: lng } };
}
