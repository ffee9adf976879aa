/** The edit form's values, submit checks and payload (spec sections 5 and 7). */
import { imageUrlProblem, SMOOBU_ID_MAX, SMOOBU_ID_MIN, type Appartement } from 'shared-kernel';
import type { AppartementUpdatePayload } from '../api/adminApi';
import { cleanImages } from './images';
import { capaciteOf, EDIT_MINIMUMS, missingText, numberProblem, priceOf, type ApartmentBasics, type FormProblem } from './numbers';
import { SMOOBU_ID_INVALID } from './text';
import { locationOf, locationPayload, locationProblem, type LocationForm } from './location';

export interface EditForm extends ApartmentBasics, LocationForm {
  inclus: string[];
  nonInclus: string[];
  images: string[];
  /** Empty when the apartment is not linked to the channel manager. */
  smoobuId: string;
}

/** The name of the editor's URL input; image entries are named `${EDIT_IMAGE_INPUT}-${index}`. */
export const EDIT_IMAGE_INPUT = 'imageUrl';

export function fromAppartement(a: Appartement): EditForm {
  return {
    titre: a.titre,
    description: a.description,
    localisation: a.localisation,
    ...locationOf(a),
    prixParNuit: String(a.prixParNuit),
    surface: String(a.surface),
    voyageurs: String(a.capacite.voyageurs),
    chambres: String(a.capacite.chambres),
    lits: String(a.capacite.lits),
    sallesDeBain: String(a.capacite.sallesDeBain),
    inclus: [...a.inclus],
    nonInclus: [...a.nonInclus],
    images: [...a.images],
    smoobuId: a.smoobuId === null ? '' : String(a.smoobuId),
  };
}

/** The first problem in the form's order: required fields, numbers and minimums, image URLs, smoobuId. */
export function checkEditForm(form: EditForm): FormProblem | null {
  const required = missingText(form, ['titre', 'description', 'localisation']);
  if (required) return required;
  const place = locationProblem(form);
  if (place) return place;
  const numbers = numberProblem(form, EDIT_MINIMUMS);
  if (numbers) return numbers;
  const index = form.images.findIndex((url) => url.trim() !== '' && imageUrlProblem(url.trim()) !== null);
  if (index >= 0) return { message: imageUrlProblem(form.images[index]!.trim())!, field: `${EDIT_IMAGE_INPUT}-${index}` };
  const smoobu = form.smoobuId.trim();
  if (smoobu !== '' && !(/^\d+$/.test(smoobu) && Number(smoobu) >= SMOOBU_ID_MIN && Number(smoobu) <= SMOOBU_ID_MAX)) {
    return { message: SMOOBU_ID_INVALID, field: 'smoobuId' };
  }
  return null;
}

/** PUT /api/appartements/:id: the price as a decimal, surface and smoobuId as integers (null when empty). */
export function toUpdatePayload(form: EditForm): AppartementUpdatePayload {
  const smoobu = form.smoobuId.trim();
  return {
    titre: form.titre.trim(),
    description: form.description.trim(),
    localisation: form.localisation.trim(),
    ...locationPayload(form),
    prixParNuit: priceOf(form.prixParNuit),
    surface: Number.parseInt(form.surface, 10),
    capacite: JSON.stringify(capaciteOf(form)),
    inclus: JSON.stringify(form.inclus),
    nonInclus: JSON.stringify(form.nonInclus),
    smoobuId: smoobu === '' ? null : Number.parseInt(smoobu, 10),
    images: JSON.stringify(cleanImages(form.images)),
  };
}
