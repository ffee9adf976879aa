/** The edit mode's values, submit checks and payload (spec sections 5 and 7; issue 30 item 5: every field). */
import {
  CANCELLATION_POLICIES,
  DEFAULT_HOTE,
  DEFAULT_REGLES,
  imageUrlProblem,
  SMOOBU_ID_MAX,
  SMOOBU_ID_MIN,
  type Appartement,
  type PolitiqueAnnulation,
  type AppartementUpdatePayload,
} from 'shared-kernel';
import { altProblem, altsOf, describedPayload, hostPayload, hostPhotoProblem, rulesPayload, type ApartmentFormValues } from './formValues';
import { cleanImages } from './images';
import { capaciteOf, EDIT_MINIMUMS, missingText, numberProblem, type FormProblem } from './numbers';
import { SMOOBU_ID_INVALID } from './text';
import { locationOf, locationProblem } from './location';

/** The edit mode of the one apartment form. */
export type EditForm = ApartmentFormValues;

/** The name of the editor's URL input; image entries are named `${EDIT_IMAGE_INPUT}-${index}`. */
export const EDIT_IMAGE_INPUT = 'imageUrl';

const policyOf = (value: string): PolitiqueAnnulation =>
  (CANCELLATION_POLICIES as readonly string[]).includes(value) ? (value as PolitiqueAnnulation) : 'Flexible';

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
    hoteNom: a.hote.nom,
    hoteExperience: a.hote.experience,
    hoteTauxReponse: a.hote.tauxReponse,
    hoteDelaiReponse: a.hote.delaiReponse,
    hotePhoto: a.hote.photo ?? '',
    arrivee: a.regles.arrivee,
    depart: a.regles.depart,
    salleDeBain: a.equipements.salleDeBain.join(', '),
    internetEtBureau: a.equipements.internetEtBureau.join(', '),
    inclus: [...a.inclus],
    nonInclus: [...a.nonInclus],
    images: [...a.images],
    imagesAlt: { ...(a.imagesAlt ?? {}) },
    politiqueAnnulation: policyOf(a.politiqueAnnulation),
    smoobuId: a.smoobuId === null ? '' : String(a.smoobuId),
  };
}

/** The first problem in the form's order: required fields, numbers and minimums, images and their alt texts, smoobuId, host photo. */
export function checkEditForm(form: EditForm): FormProblem | null {
  const required = missingText(form, ['titre', 'description', 'localisation']);
  if (required) return required;
  const place = locationProblem(form);
  if (place) return place;
  const numbers = numberProblem(form, EDIT_MINIMUMS);
  if (numbers) return numbers;
  const index = form.images.findIndex((url) => url.trim() !== '' && imageUrlProblem(url.trim()) !== null);
  if (index >= 0) return { message: imageUrlProblem(form.images[index]!.trim())!, field: `${EDIT_IMAGE_INPUT}-${index}` };
  const alt = altProblem(form.images, form.imagesAlt, EDIT_IMAGE_INPUT);
  if (alt) return alt;
  const smoobu = form.smoobuId.trim();
  if (smoobu !== '' && !(/^\d+$/.test(smoobu) && Number(smoobu) >= SMOOBU_ID_MIN && Number(smoobu) <= SMOOBU_ID_MAX)) {
    return { message: SMOOBU_ID_INVALID, field: 'smoobuId' };
  }
  return hostPhotoProblem(form);
}

/** PUT /api/appartements/:id: the price as a decimal, surface and smoobuId as integers (null when empty). */
export function toUpdatePayload(form: EditForm): AppartementUpdatePayload {
  const smoobu = form.smoobuId.trim();
  const images = cleanImages(form.images);
  return {
    ...describedPayload(form),
    capacite: JSON.stringify(capaciteOf(form)),
    inclus: JSON.stringify(form.inclus),
    nonInclus: JSON.stringify(form.nonInclus),
    smoobuId: smoobu === '' ? null : Number.parseInt(smoobu, 10),
    images: JSON.stringify(images),
    imagesAlt: JSON.stringify(altsOf(images, form.imagesAlt)),
    politiqueAnnulation: form.politiqueAnnulation,
    hote: JSON.stringify(hostPayload(form, DEFAULT_HOTE)),
    regles: JSON.stringify(rulesPayload(form, DEFAULT_REGLES)),
  };
}
