/**
 * Validation of the apartment forms (spec section 5, add and edit). JSON-shaped fields are accepted
 * as JSON strings or as values, as the spec's payload sends them; everything is checked here, with
 * French messages, before anything is written.
 */
import { CANCELLATION_POLICIES, imageUrlProblem, slugify, SLUG_MAX_LENGTH, SMOOBU_ID_MAX, SMOOBU_ID_MIN } from 'shared-kernel/rules';
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

export interface NewApartmentValues extends ApartmentValues {
  slug: string;
  politiqueAnnulation: (typeof POLICIES)[number];
  hote: Record<string, unknown>;
  regles: Record<string, unknown>;
  equipements: Record<string, unknown>;
}

type Raw = Record<string, unknown>;

/** The add form's minimums, and the edit form's. */
const MINIMUMS = {
  add: { prixParNuit: 1, surface: 1, voyageurs: 1, chambres: 0, lits: 1, sallesDeBain: 0 },
  edit: { prixParNuit: 0, surface: 0, voyageurs: 1, chambres: 0, lits: 1, sallesDeBain: 0 },
} as const;

const LABELS: Record<string, string> = {
  prixParNuit: 'prix par nuit',
  surface: 'surface',
  voyageurs: 'nombre de voyageurs',
  chambres: 'nombre de chambres',
  lits: 'nombre de lits',
  sallesDeBain: 'nombre de salles de bain',
};

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
  if (typeof n !== 'number' || !Number.isFinite(n)) throw badRequest(`Le champ « ${LABELS[key] ?? key} » doit être un nombre.`);
  if (integer && !Number.isInteger(n)) throw badRequest(`Le champ « ${LABELS[key] ?? key} » doit être un nombre entier.`);
  if (n < min) throw badRequest(`Le champ « ${LABELS[key] ?? key} » doit être au moins ${min}.`);
  if (n > 1_000_000) throw badRequest(`Le champ « ${LABELS[key] ?? key} » est trop grand.`);
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
  const min = MINIMUMS[mode];
  const titre = requiredText(raw, 'titre', 120);
  const description = requiredText(raw, 'description', 5000);
  const localisation = requiredText(raw, 'localisation', 120);
  if (raw.prixParNuit === undefined || raw.prixParNuit === null || raw.prixParNuit === '') throw badRequest('Veuillez remplir tous les champs obligatoires');
  const prixParNuit = Math.round(numberAtLeast(raw.prixParNuit, 'prixParNuit', min.prixParNuit, false) * 100) / 100;
  const surface = numberAtLeast(raw.surface ?? (mode === 'add' ? undefined : 0), 'surface', min.surface, true);
  const cap = parsed(raw, 'capacite');
  if (!cap || typeof cap !== 'object' || Array.isArray(cap)) throw badRequest('Le champ « capacite » doit indiquer voyageurs, chambres, lits et salles de bain.');
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
  const policy = raw.politiqueAnnulation ?? 'Flexible';
  if (!(POLICIES as readonly unknown[]).includes(policy)) throw badRequest(`Politique d'annulation invalide. Valeurs acceptées : ${POLICIES.join(', ')}.`);
  return {
    ...values,
    slug,
    politiqueAnnulation: policy as (typeof POLICIES)[number],
    hote: record(raw, 'hote'),
    regles: { voyageursMax: values.capacite.voyageurs, ...record(raw, 'regles') },
    equipements: record(raw, 'equipements'),
  };
}

export function editedApartmentValues(raw: Raw): ApartmentValues {
  return common(raw, 'edit');
}
