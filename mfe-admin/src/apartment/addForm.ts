/** The add form's values, defaults, submit checks and payload (spec sections 3, 5 and 7). */
import { DEFAULT_HOTE, DEFAULT_NOMBRE_AVIS, DEFAULT_NOTE, DEFAULT_REGLES, slugify, type NewAppartementPayload } from 'shared-kernel';
import { splitImages, splitList } from './images';
import { ADD_MINIMUMS, capaciteOf, missingText, numberProblem, type FormProblem } from './numbers';
import { describedPayload, hostPayload, hostPhotoProblem, rulesPayload, type ApartmentFormValues } from './formValues';
import { NO_IMAGE, NO_VALID_IMAGE, SLUG_EMPTY } from './text';
import { EMPTY_LOCATION, locationProblem } from './location';

/** The add mode of the one apartment form. */
export type AddForm = ApartmentFormValues;

/** The name of the URL input of the image list (focused when no image was added). */
export const IMAGE_INPUT_NAME = 'imageUrl';

/** The add form's defaults: capacity 1/1/1/1, surface 0, price 0, policy Flexible, host and rules defaults. */
export function emptyAddForm(): AddForm {
  return {
    titre: '',
    description: '',
    localisation: '',
    ...EMPTY_LOCATION,
    prixParNuit: '0',
    surface: '0',
    voyageurs: '1',
    chambres: '1',
    lits: '1',
    sallesDeBain: '1',
    hoteNom: DEFAULT_HOTE.nom,
    hoteExperience: DEFAULT_HOTE.experience,
    hoteTauxReponse: DEFAULT_HOTE.tauxReponse,
    hoteDelaiReponse: DEFAULT_HOTE.delaiReponse,
    hotePhoto: '',
    arrivee: DEFAULT_REGLES.arrivee,
    depart: DEFAULT_REGLES.depart,
    salleDeBain: '',
    internetEtBureau: '',
    images: [],
    imagesAlt: {},
    inclus: [],
    nonInclus: [],
    politiqueAnnulation: 'Flexible',
    smoobuId: '',
  };
}

export type AddCheck =
  { ok: false; problem: FormProblem; images: string[]; dropped: boolean } | { ok: true; images: string[]; dropped: boolean };

/**
 * The submit checks, in the order of the form: required fields, then the images (invalid URLs are
 * dropped, and none may remain), then the numbers and their minimums. `images` is the list to keep.
 */
export function checkAddForm(form: AddForm): AddCheck {
  const required = missingText(form, ['titre', 'localisation', 'description', 'prixParNuit']);
  if (required) return { ok: false, problem: required, images: form.images, dropped: false };
  if (slugify(form.titre) === '')
    return { ok: false, problem: { message: SLUG_EMPTY, field: 'titre' }, images: form.images, dropped: false };
  const place = locationProblem(form);
  if (place) return { ok: false, problem: place, images: form.images, dropped: false };

  const { valid, dropped } = splitImages(form.images);
  if (form.images.every((url) => url.trim() === ''))
    return { ok: false, problem: { message: NO_IMAGE, field: IMAGE_INPUT_NAME }, images: [], dropped: false };
  if (valid.length === 0) return { ok: false, problem: { message: NO_VALID_IMAGE, field: IMAGE_INPUT_NAME }, images: [], dropped };

  const numbers = numberProblem(form, ADD_MINIMUMS);
  if (numbers) return { ok: false, problem: numbers, images: valid, dropped };
  const host = hostPhotoProblem(form);
  if (host) return { ok: false, problem: host, images: valid, dropped };
  return { ok: true, images: valid, dropped };
}

/** POST /api/appartements: the spec's payload, JSON-shaped fields as JSON strings. */
export function toNewPayload(form: AddForm, images: readonly string[], smoobuId: number): NewAppartementPayload {
  const capacite = capaciteOf(form);
  return {
    ...describedPayload(form),
    capacite: JSON.stringify(capacite),
    hote: JSON.stringify(hostPayload(form, DEFAULT_HOTE)),
    regles: JSON.stringify({ ...rulesPayload(form, DEFAULT_REGLES), voyageursMax: capacite.voyageurs }),
    images: JSON.stringify(images),
    equipements: JSON.stringify({ salleDeBain: splitList(form.salleDeBain), internetEtBureau: splitList(form.internetEtBureau) }),
    inclus: [...form.inclus],
    nonInclus: [...form.nonInclus],
    slug: slugify(form.titre),
    smoobuId,
    note: DEFAULT_NOTE,
    nombreAvis: DEFAULT_NOMBRE_AVIS,
    politiqueAnnulation: form.politiqueAnnulation,
    // Sent only when given: the server publishes an apartment with its number, keeps it as a draft without.
    ...(form.numeroEnregistrement?.trim() ? { numeroEnregistrement: form.numeroEnregistrement.trim() } : {}),
  };
}
