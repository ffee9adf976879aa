/**
 * The apartment form's transport (spec section 5), undone before validation: the admin form sends
 * its JSON-shaped fields as JSON text and its numbers as text, and a client may send values; both
 * are accepted. Decoding first, rather than a schema union of the text and value forms, lets one
 * schema per mode (schemas.ts) check every field's content — a union's text branch would accept
 * any JSON text unchecked — and hands the handler the values it types. It also trims the texts
 * whose length rules count trimmed text, and gives fields the form treats as "empty" their meaning.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors.js';

type Body = Record<string, unknown>;
type Mode = 'add' | 'edit';

/** JSON-shaped fields each mode reads (an edit leaves `equipements` as they are; an add has no alt texts yet). */
const JSON_FIELDS: Record<Mode, readonly string[]> = {
  add: ['capacite', 'images', 'inclus', 'nonInclus', 'tarifs', 'hote', 'regles', 'equipements'],
  edit: ['capacite', 'images', 'inclus', 'nonInclus', 'tarifs', 'hote', 'regles', 'imagesAlt'],
};
/** Fields for which an empty value means "not sent" (add: the defaults; an empty list). */
const EMPTY_IS_ABSENT: Record<Mode, readonly string[]> = {
  add: ['images', 'inclus', 'nonInclus', 'hote', 'regles', 'equipements', 'politiqueAnnulation', 'ville'],
  edit: ['images', 'inclus', 'nonInclus', 'ville'],
};
/** Fields the body must have (an edit gives a surface left out 0, below). */
const REQUIRED: Record<Mode, readonly string[]> = {
  add: ['titre', 'description', 'localisation', 'prixParNuit', 'surface', 'capacite'],
  edit: ['titre', 'description', 'localisation', 'prixParNuit', 'capacite'],
};
const COUNTS = ['voyageurs', 'chambres', 'lits', 'sallesDeBain'] as const;

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A number sent as text becomes the number; text that is no finite number stays, for the schema to refuse. */
function numeric(value: unknown, blankIsZero = false): unknown {
  if (typeof value !== 'string' || (!blankIsZero && value.trim() === '')) return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

function json(body: Body, key: string): void {
  const value = body[key];
  if (typeof value !== 'string') return;
  if (value.trim() === '') {
    body[key] = null;
    return;
  }
  try {
    body[key] = JSON.parse(value) as unknown;
  } catch {
    throw badRequest(`Le champ « ${key} » doit être un JSON valide.`);
  }
}

export function decodeApartmentForm(mode: Mode) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    // Not an object: the schema answers (« Le corps de la requête doit être un objet JSON. »).
    if (!isObject(body)) return;
    for (const key of ['titre', 'description', 'localisation', 'ville']) body[key] = trimmed(body[key]);
    for (const key of JSON_FIELDS[mode]) if (key in body) json(body, key);
    // A required field left out is sent as null, which its schema tells as missing: so each is
    // checked in the form's order (ajv checks `required` before any property). A price of '' too.
    for (const key of REQUIRED[mode]) body[key] ??= null;
    if (body.prixParNuit === '') body.prixParNuit = null;
    body.prixParNuit = numeric(body.prixParNuit);
    body.surface = mode === 'edit' ? numeric(body.surface ?? 0) : numeric(body.surface);
    const capacite = body.capacite;
    if (isObject(capacite)) for (const key of COUNTS) capacite[key] = numeric(capacite[key] ?? null);
    if (body.smoobuId === '') body.smoobuId = null;
    body.smoobuId = numeric(body.smoobuId, true);
    body.classement = numeric(body.classement, true);
    if (typeof body.numeroEnregistrement === 'string') {
      const numero = body.numeroEnregistrement.trim().toUpperCase().replace(/\s+/g, '');
      body.numeroEnregistrement = numero === '' ? null : numero;
    }
    if (mode === 'add') {
      // A slug that is no text, or an empty one: the title's.
      if (typeof body.slug === 'string' && body.slug.trim() !== '') body.slug = body.slug.trim();
      else delete body.slug;
    } else {
      for (const [key, texts] of [
        ['hote', ['nom', 'experience', 'tauxReponse', 'delaiReponse', 'photo']],
        ['regles', ['arrivee', 'depart']],
      ] as const) {
        const value = body[key];
        if (isObject(value)) for (const text of texts) if (text in value) value[text] = trimmed(value[text]);
      }
    }
    for (const key of EMPTY_IS_ABSENT[mode]) if (body[key] === null) delete body[key];
    // Keys set to undefined above were never sent.
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  };
}
