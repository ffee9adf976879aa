/**
 * Tolerant decoders (spec section 3): JSON-shaped fields may arrive as JSON strings or as real
 * values, and anything unparsable falls back to the spec's defaults instead of breaking a page.
 */
import type { Appartement, Capacite, Equipements, Hote, Regles } from './types.js';
import { decodeReglesTarifaires } from '../rules/pricing.js';
import { parseCoordonnees, villeDeLocalisation } from '../rules/location.js';

export const DEFAULT_CAPACITE: Readonly<Capacite> = { voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 1 };
export const DEFAULT_HOTE: Readonly<Hote> = { nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' };
export const DEFAULT_REGLES: Readonly<Regles> = { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 };
export const DEFAULT_NOTE = 5;
export const DEFAULT_NOMBRE_AVIS = 0;

/** Parses a JSON string; any other value is returned as is. Unparsable strings give `undefined`. */
export function parseJsonish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : undefined;
}

export function toNumber(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function toText(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

export function decodeCapacite(value: unknown): Capacite {
  const raw = parseJsonish(value);
  if (!isRecord(raw)) return { ...DEFAULT_CAPACITE };
  return {
    voyageurs: toInt(raw.voyageurs) ?? DEFAULT_CAPACITE.voyageurs,
    chambres: toInt(raw.chambres) ?? DEFAULT_CAPACITE.chambres,
    lits: toInt(raw.lits) ?? DEFAULT_CAPACITE.lits,
    sallesDeBain: toInt(raw.sallesDeBain) ?? DEFAULT_CAPACITE.sallesDeBain,
  };
}

export function decodeStringList(value: unknown): string[] {
  const raw = parseJsonish(value);
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((s) => s.trim());
}

const URL_PATTERN = /https?:\/\/[^\s"'<>,\]\\]+/g;

/** An image is an absolute http(s) URL or a path served by this site (demo images). */
export function isImageUrl(value: string): boolean {
  return /^https?:\/\/\S+$/.test(value) || /^\/(?!\/)\S+$/.test(value);
}

/** Images: a JSON list or a list; otherwise the http(s) URLs found in the text. */
export function decodeImages(value: unknown): string[] {
  const raw = parseJsonish(value);
  if (Array.isArray(raw)) {
    return raw
      .filter((item): item is string => typeof item === 'string')
      .map((s) => s.trim())
      .filter(isImageUrl);
  }
  if (typeof value === 'string') {
    if (/^\/(?!\/)[^\s,]+$/.test(value.trim())) return [value.trim()];
    // Free text: the URLs it contains, without the punctuation that ends a sentence.
    return (value.match(URL_PATTERN) ?? []).map((url) => url.replace(/[.,;:!?)]+$/, ''));
  }
  return [];
}

export function decodeHote(value: unknown): Hote {
  const raw = parseJsonish(value);
  const r = isRecord(raw) ? raw : {};
  return {
    nom: toText(r.nom, DEFAULT_HOTE.nom),
    experience: toText(r.experience, DEFAULT_HOTE.experience),
    tauxReponse: toText(r.tauxReponse, DEFAULT_HOTE.tauxReponse),
    delaiReponse: toText(r.delaiReponse, DEFAULT_HOTE.delaiReponse),
    ...(typeof r.photo === 'string' && isImageUrl(r.photo.trim()) ? { photo: r.photo.trim() } : {}),
  };
}

/** Alternative texts by image URL, only for images of the list; undefined when there is none. */
export function decodeImagesAlt(value: unknown, images: readonly string[]): Record<string, string> | undefined {
  const raw = parseJsonish(value);
  if (!isRecord(raw)) return undefined;
  const entries = images.flatMap((url) => {
    const alt = raw[url];
    return typeof alt === 'string' && alt.trim() !== '' ? [[url, alt.trim()] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function decodeRegles(value: unknown): Regles {
  const raw = parseJsonish(value);
  const r = isRecord(raw) ? raw : {};
  return {
    arrivee: toText(r.arrivee, DEFAULT_REGLES.arrivee),
    depart: toText(r.depart, DEFAULT_REGLES.depart),
    voyageursMax: toInt(r.voyageursMax) ?? DEFAULT_REGLES.voyageursMax,
  };
}

export function decodeEquipements(value: unknown): Equipements {
  const raw = parseJsonish(value);
  const r = isRecord(raw) ? raw : {};
  return { salleDeBain: decodeStringList(r.salleDeBain), internetEtBureau: decodeStringList(r.internetEtBureau) };
}

/** Both coordinates, or neither when one is missing or out of range. */
function decodeCoordonnees(latitude: unknown, longitude: unknown): { latitude: number | null; longitude: number | null } {
  const parsed = typeof latitude === 'number' && typeof longitude === 'number' ? parseCoordonnees(latitude, longitude) : null;
  return parsed?.ok && parsed.value ? parsed.value : { latitude: null, longitude: null };
}

/** Decodes an apartment as any endpoint may send it; missing or broken fields take the spec's defaults. */
export function decodeAppartement(value: unknown): Appartement {
  const r = isRecord(value) ? value : {};
  const smoobu = toInt(r.smoobuId);
  const images = decodeImages(r.images);
  const imagesAlt = decodeImagesAlt(r.imagesAlt, images);
  return {
    id: toInt(r.id) ?? 0,
    slug: toText(r.slug, ''),
    titre: toText(r.titre, ''),
    description: typeof r.description === 'string' ? r.description : '',
    localisation: toText(r.localisation, ''),
    ville: toText(r.ville, '') || villeDeLocalisation(toText(r.localisation, '')),
    ...decodeCoordonnees(r.latitude, r.longitude),
    prixParNuit: toNumber(r.prixParNuit, 0),
    surface: toNumber(r.surface, 0),
    note: toNumber(r.note, DEFAULT_NOTE),
    nombreAvis: toInt(r.nombreAvis) ?? DEFAULT_NOMBRE_AVIS,
    smoobuId: smoobu ?? null,
    politiqueAnnulation: toText(r.politiqueAnnulation, 'Flexible'),
    capacite: decodeCapacite(r.capacite),
    inclus: decodeStringList(r.inclus),
    nonInclus: decodeStringList(r.nonInclus),
    images,
    ...(imagesAlt ? { imagesAlt } : {}),
    hote: decodeHote(r.hote),
    regles: decodeRegles(r.regles),
    equipements: decodeEquipements(r.equipements),
    tarifs: decodeReglesTarifaires(r.tarifs),
    prixMin: toNumber(r.prixMin, toNumber(r.prixParNuit, 0)),
    prixVarie: r.prixVarie === true,
    classement: ([0, 1, 2, 3, 4, 5] as const).find((c) => c === r.classement) ?? 0,
    numeroEnregistrement: typeof r.numeroEnregistrement === 'string' && r.numeroEnregistrement !== '' ? r.numeroEnregistrement : null,
    publie: r.publie !== false,
  };
}
