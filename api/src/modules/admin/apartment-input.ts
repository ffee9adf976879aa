/**
 * Validation of the apartment forms (spec section 5, add and edit). JSON-shaped fields are accepted
 * as JSON strings or as values, as the spec's payload sends them; everything is checked here, with
 * French messages, before anything is written.
 */
import { DEFAULT_REGLES, uploadedPhotoId } from 'shared-kernel/domain';
import {
  APARTMENT_NUMBER_LABELS,
  APARTMENT_NUMBER_MINIMUMS,
  CANCELLATION_POLICIES,
  decodeReglesTarifaires,
  imageUrlProblem,
  parseCoordonnees,
  reglesTarifairesProblems,
  slugify,
  SLUG_MAX_LENGTH,
  SMOOBU_ID_MAX,
  SMOOBU_ID_MIN,
  villeDeLocalisation,
  VILLE_MAX_LENGTH,
  VILLE_TOO_LONG,
  type ReglesTarifaires,
} from 'shared-kernel/rules';
import { badRequest } from '../../http/errors.js';

const POLICIES = CANCELLATION_POLICIES;

export interface ApartmentValues {
  titre: string;
  description: string;
  localisation: string;
  prixParNuit: number;
  surface: number;
  capacite: { voyageurs: number; chambres: number; lits: number; sallesDeBain: number };
  images: string[];
  inclus: string[];
  nonInclus: string[];
  smoobuId: number | null;
}

/**
 * Town and coordinates (issues 30, 32). A body without them leaves them as they are (an edit from an
 * older form), a new apartment takes its town from `localisation`; `null` or '' clears coordinates.
 */
export interface LocationValues {
  ville?: string;
  latitude?: number | null;
  longitude?: number | null;
}

function location(raw: Raw): LocationValues {
  const out: LocationValues = {};
  if (raw.ville !== undefined && raw.ville !== null) {
    if (typeof raw.ville !== 'string') throw badRequest('Le champ « ville » doit être un texte.');
    if (raw.ville.trim().length > VILLE_MAX_LENGTH) throw badRequest(VILLE_TOO_LONG);
    // An emptied town is the one the location names.
    if (raw.ville.trim() !== '') out.ville = raw.ville.trim();
  }
  if (raw.latitude !== undefined || raw.longitude !== undefined) {
    const parsed = parseCoordonnees(raw.latitude, raw.longitude);
    if (!parsed.ok) throw badRequest(parsed.message);
    out.latitude = parsed.value?.latitude ?? null;
    out.longitude = parsed.value?.longitude ?? null;
  }
  return out;
}

/** Issue 12: pricing rules, classification, registration number and publication. */
export interface PublicationValues {
  tarifs?: ReglesTarifaires;
  classement?: number;
  numeroEnregistrement?: string | null;
  publie?: boolean;
}

export const NUMERO_REQUIRED = "Le numéro d'enregistrement est obligatoire pour publier un appartement.";
export const NUMERO_INVALID =
  "Le numéro d'enregistrement doit comporter 13 caractères : le code de la commune (5), 6 chiffres et 2 caractères de contrôle (exemple : 57463000123AB).";
/** Commune code (INSEE, 2A/2B for Corsica), 6 digits, 2-character key: the national format of the 2024 law. */
const NUMERO = /^[0-9][0-9AB][0-9]{3}[0-9]{6}[0-9A-Z]{2}$/;

function publication(raw: Raw): PublicationValues {
  const out: PublicationValues = {};
  if (raw.tarifs !== undefined) {
    const value = parsed(raw, 'tarifs');
    if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value)))
      throw badRequest('Le champ « tarifs » doit être un objet.');
    const tarifs = decodeReglesTarifaires(value ?? {});
    const problems = reglesTarifairesProblems(tarifs);
    if (problems.length > 0) throw badRequest(problems.join(' '));
    out.tarifs = tarifs;
  }
  if (raw.classement !== undefined) {
    const c = typeof raw.classement === 'string' ? Number(raw.classement) : raw.classement;
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 5)
      throw badRequest('Le classement doit être « non classé » (0) ou de 1 à 5 étoiles.');
    out.classement = c;
  }
  if (raw.numeroEnregistrement !== undefined) {
    const n = raw.numeroEnregistrement;
    if (n === null || (typeof n === 'string' && n.trim() === '')) out.numeroEnregistrement = null;
    else if (typeof n !== 'string' || !NUMERO.test(n.trim().toUpperCase().replace(/\s+/g, ''))) throw badRequest(NUMERO_INVALID);
    else out.numeroEnregistrement = n.trim().toUpperCase().replace(/\s+/g, '');
  }
  if (raw.publie !== undefined) {
    if (typeof raw.publie !== 'boolean') throw badRequest('Le champ « publie » doit valoir true ou false.');
    out.publie = raw.publie;
  }
  return out;
}

export interface NewApartmentValues extends ApartmentValues, PublicationValues, LocationValues {
  slug: string;
  politiqueAnnulation: (typeof POLICIES)[number];
  hote: Record<string, unknown>;
  regles: Record<string, unknown>;
  equipements: Record<string, unknown>;
}

type Raw = Record<string, unknown>;

/** The words a message names a number by, shared with the admin's forms; other keys by their own name. */
const labelOf = (key: string): string => (APARTMENT_NUMBER_LABELS as Readonly<Record<string, string>>)[key] ?? key;

function parsed(raw: Raw, key: string): unknown {
  const value = raw[key];
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest(`Le champ « ${key} » doit être un JSON valide.`);
  }
}

function requiredText(raw: Raw, key: string, max: number): string {
  const value = raw[key];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest('Veuillez remplir tous les champs obligatoires');
  if (value.trim().length > max) throw badRequest(`Le champ « ${key} » ne peut pas dépasser ${max} caractères.`);
  return value.trim();
}

function numberAtLeast(value: unknown, key: string, min: number, integer: boolean): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(`Le champ « ${labelOf(key)} » doit être un nombre.`);
  if (integer && !Number.isInteger(n)) throw badRequest(`Le champ « ${labelOf(key)} » doit être un nombre entier.`);
  if (n < min) throw badRequest(`Le champ « ${labelOf(key)} » doit être au moins ${min}.`);
  if (n > 1_000_000) throw badRequest(`Le champ « ${labelOf(key)} » est trop grand.`);
  return n;
}

function labels(value: unknown, key: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '' || v.length > 60)) {
    throw badRequest(`Le champ « ${key} » doit être une liste de libellés.`);
  }
  if (value.length > 40) throw badRequest(`Le champ « ${key} » contient trop d'éléments.`);
  return [...new Set((value as string[]).map((v) => v.trim()))];
}

function images(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw badRequest('Le champ « images » doit être une liste d’URL.');
  if (value.length > 30) throw badRequest('Trente images au plus.');
  for (const url of value as string[]) {
    const problem = imageUrlProblem(url.trim());
    if (problem) throw badRequest(problem);
  }
  return (value as string[]).map((u) => u.trim());
}

function smoobu(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < SMOOBU_ID_MIN || n > SMOOBU_ID_MAX) {
    throw badRequest("L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999).");
  }
  return n;
}

function record(raw: Raw, key: string): Record<string, unknown> {
  const value = parsed(raw, key);
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`Le champ « ${key} » doit être un objet.`);
  return value as Record<string, unknown>;
}

function common(raw: Raw, mode: 'add' | 'edit'): ApartmentValues {
  const min = APARTMENT_NUMBER_MINIMUMS[mode];
  const titre = requiredText(raw, 'titre', 120);
  const description = requiredText(raw, 'description', 5000);
  const localisation = requiredText(raw, 'localisation', 120);
  if (raw.prixParNuit === undefined || raw.prixParNuit === null || raw.prixParNuit === '')
    throw badRequest('Veuillez remplir tous les champs obligatoires');
  const prixParNuit = Math.round(numberAtLeast(raw.prixParNuit, 'prixParNuit', min.prixParNuit, false) * 100) / 100;
  const surface = numberAtLeast(raw.surface ?? (mode === 'add' ? undefined : 0), 'surface', min.surface, true);
  const cap = parsed(raw, 'capacite');
  if (!cap || typeof cap !== 'object' || Array.isArray(cap))
    throw badRequest('Le champ « capacite » doit indiquer voyageurs, chambres, lits et salles de bain.');
  const c = cap as Raw;
  const capacite = {
    voyageurs: numberAtLeast(c.voyageurs, 'voyageurs', min.voyageurs, true),
    chambres: numberAtLeast(c.chambres, 'chambres', min.chambres, true),
    lits: numberAtLeast(c.lits, 'lits', min.lits, true),
    sallesDeBain: numberAtLeast(c.sallesDeBain, 'sallesDeBain', min.sallesDeBain, true),
  };
  return {
    titre,
    description,
    localisation,
    prixParNuit,
    surface,
    capacite,
    images: images(parsed(raw, 'images')),
    inclus: labels(parsed(raw, 'inclus'), 'inclus'),
    nonInclus: labels(parsed(raw, 'nonInclus'), 'nonInclus'),
    smoobuId: smoobu(raw.smoobuId),
  };
}

export function newApartmentValues(raw: Raw): NewApartmentValues {
  const values = common(raw, 'add');
  if (values.images.length === 0) throw badRequest('Vous devez ajouter au moins une image');
  const slug = typeof raw.slug === 'string' && raw.slug.trim() !== '' ? raw.slug.trim() : slugify(values.titre);
  if (!new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*$`).test(slug) || slug.length > SLUG_MAX_LENGTH) {
    throw badRequest(`Le slug doit contenir des minuscules, des chiffres et des tirets, ${SLUG_MAX_LENGTH} caractères au plus.`);
  }
  const policy = cancellationPolicy(raw.politiqueAnnulation ?? 'Flexible');
  const pub = publication(raw);
  const place = location(raw);
  // Without a registration number an apartment can only be a draft; asking to publish it is refused.
  if (pub.publie === true && !pub.numeroEnregistrement) throw badRequest(NUMERO_REQUIRED);
  return {
    ...values,
    ...pub,
    ...place,
    ville: place.ville ?? villeDeLocalisation(values.localisation),
    publie: pub.publie ?? Boolean(pub.numeroEnregistrement),
    slug,
    politiqueAnnulation: policy,
    hote: record(raw, 'hote'),
    regles: { voyageursMax: values.capacite.voyageurs, ...record(raw, 'regles') },
    equipements: record(raw, 'equipements'),
  };
}

function cancellationPolicy(value: unknown): (typeof POLICIES)[number] {
  if (!(POLICIES as readonly unknown[]).includes(value))
    throw badRequest(`Politique d'annulation invalide. Valeurs acceptées : ${POLICIES.join(', ')}.`);
  return value as (typeof POLICIES)[number];
}

const HOST_TEXTS = { nom: 'nom de l’hôte', experience: 'expérience', tauxReponse: 'taux de réponse', delaiReponse: 'délai de réponse' };
const SHORT_TEXT_MAX = 80;
export const ALT_MAX_LENGTH = 200;
export const ALT_REQUIRED = 'Chaque photo envoyée doit avoir un texte alternatif (ce qu’elle montre, pour qui ne la voit pas).';

function shortText(value: unknown, label: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest(`Le champ « ${label} » doit être un texte.`);
  if (value.trim().length > SHORT_TEXT_MAX) throw badRequest(`Le champ « ${label} » ne peut pas dépasser ${SHORT_TEXT_MAX} caractères.`);
  return value.trim();
}

/** The host as the editor sends it; an empty photo removes it. */
function host(raw: Raw): Record<string, string> {
  const h = record(raw, 'hote');
  const out: Record<string, string> = {};
  for (const [key, label] of Object.entries(HOST_TEXTS)) out[key] = shortText(h[key], label);
  const photo = shortText(h.photo, 'photo de l’hôte');
  if (photo !== '') {
    const problem = imageUrlProblem(photo);
    if (problem) throw badRequest(`Photo de l’hôte : ${problem}`);
    out.photo = photo;
  }
  return out;
}

/** Check-in and check-out times (free text such as '15:00 - 00:00', empty: the default, as the add form does); the travellers' maximum follows the capacity. */
function houseRules(raw: Raw, voyageursMax: number): Record<string, unknown> {
  const r = record(raw, 'regles');
  const arrivee = shortText(r.arrivee, 'arrivée') || DEFAULT_REGLES.arrivee;
  const depart = shortText(r.depart, 'départ') || DEFAULT_REGLES.depart;
  return { arrivee, depart, voyageursMax };
}

/** Alternative texts by image URL, kept only for the images of the list. */
export function imageAlts(raw: unknown, images: readonly string[]): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('Le champ « imagesAlt » doit associer chaque image à son texte.');
  const out: Record<string, string> = {};
  for (const url of images) {
    const alt = (raw as Raw)[url];
    if (alt === undefined || alt === null) continue;
    if (typeof alt !== 'string') throw badRequest('Le texte alternatif d’une photo doit être un texte.');
    if (alt.trim().length > ALT_MAX_LENGTH)
      throw badRequest(`Le texte alternatif d’une photo ne peut pas dépasser ${ALT_MAX_LENGTH} caractères.`);
    if (alt.trim() !== '') out[url] = alt.trim();
  }
  return out;
}

/** Issue 30 item 5: what the one apartment form also edits; a field the body leaves out stays as it is. */
export interface EditedExtras {
  politiqueAnnulation?: (typeof POLICIES)[number];
  hote?: Record<string, string>;
  regles?: Record<string, unknown>;
  imagesAlt?: Record<string, string>;
}

export function editedApartmentValues(
  raw: Raw,
  current: { numero: string | null; publie: boolean },
): ApartmentValues & PublicationValues & LocationValues & EditedExtras {
  const base = common(raw, 'edit');
  const values: ApartmentValues & PublicationValues & LocationValues & EditedExtras = { ...base, ...publication(raw), ...location(raw) };
  if (raw.politiqueAnnulation !== undefined) values.politiqueAnnulation = cancellationPolicy(raw.politiqueAnnulation);
  if (raw.hote !== undefined) values.hote = host(raw);
  if (raw.regles !== undefined) values.regles = houseRules(raw, base.capacite.voyageurs);
  if (raw.imagesAlt !== undefined) values.imagesAlt = imageAlts(parsed(raw, 'imagesAlt'), base.images);
  // An emptied town follows the location again.
  if (typeof raw.ville === 'string' && raw.ville.trim() === '') values.ville = villeDeLocalisation(values.localisation);
  const numero = values.numeroEnregistrement === undefined ? current.numero : values.numeroEnregistrement;
  const publie = values.publie ?? current.publie;
  // Legacy published apartments without a number stay as they are until edited for publication.
  if (publie && !numero && (values.publie === true || values.numeroEnregistrement === null)) throw badRequest(NUMERO_REQUIRED);
  return values;
}

/**
 * The alternative texts an edit leaves: the ones sent, or else the current ones of the images still
 * listed. An uploaded photo without one is refused (a URL image may still have none, as before).
 */
export function altsAfterEdit(
  images: readonly string[],
  sent: Record<string, string> | undefined,
  current: unknown,
): Record<string, string> {
  const alts = sent ?? imageAlts(current, images);
  if (images.some((url) => uploadedPhotoId(url) !== null && !alts[url])) throw badRequest(ALT_REQUIRED);
  return alts;
}
