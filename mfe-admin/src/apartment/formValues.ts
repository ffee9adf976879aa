/**
 * The one apartment form's values (issue 33 item 4: one form for add and edit), and the checks and
 * payload parts both modes share: host, house rules and the photos' alternative texts (issue 30).
 */
import { imageUrlProblem, uploadedPhotoId, type PolitiqueAnnulation } from 'shared-kernel';
import { priceOf, type ApartmentBasics, type FormProblem } from './numbers';
import { locationPayload, type LocationForm } from './location';
import { ALT_REQUIRED } from './text';

export interface ApartmentFormValues extends ApartmentBasics, LocationForm {
  hoteNom: string;
  hoteExperience: string;
  hoteTauxReponse: string;
  hoteDelaiReponse: string;
  /** An image URL; empty for none. */
  hotePhoto: string;
  arrivee: string;
  depart: string;
  /** Comma-separated labels (add mode). */
  salleDeBain: string;
  /** Comma-separated labels (add mode). */
  internetEtBureau: string;
  images: string[];
  /** Alternative text by image URL. */
  imagesAlt: Record<string, string>;
  inclus: string[];
  nonInclus: string[];
  politiqueAnnulation: PolitiqueAnnulation;
  /** Edit mode; empty when the apartment is not linked to the channel manager (the add mode draws one). */
  smoobuId: string;
  /** Issue 12, add mode: without it the apartment is created as a draft (visible to admins only). */
  numeroEnregistrement?: string;
}

export type FormUpdate = <K extends keyof ApartmentFormValues>(field: K, value: ApartmentFormValues[K]) => void;

/** The name of the alt input of the image at `index` in a list whose URL input is `inputName`. */
export const altInputName = (inputName: string, index: number) => `${inputName}-alt-${index}`;

/** The host's photo URL follows the image URL rules (empty: no photo). */
export function hostPhotoProblem(form: ApartmentFormValues): FormProblem | null {
  const photo = form.hotePhoto.trim();
  const problem = photo === '' ? null : imageUrlProblem(photo);
  return problem ? { message: problem, field: 'hotePhoto' } : null;
}

/** Check-in and check-out times; an emptied one is the default, in both modes. */
export function rulesPayload(form: ApartmentFormValues, fallback: { arrivee: string; depart: string }) {
  return { arrivee: form.arrivee.trim() || fallback.arrivee, depart: form.depart.trim() || fallback.depart };
}

/** An uploaded photo cannot lose its alternative text (the API refuses it too). */
export function altProblem(images: readonly string[], alts: Readonly<Record<string, string>>, inputName: string): FormProblem | null {
  const index = images.findIndex((url) => uploadedPhotoId(url.trim()) !== null && !alts[url]?.trim());
  return index < 0 ? null : { message: ALT_REQUIRED, field: altInputName(inputName, index) };
}

/** The host as the API stores it; the photo only when given. */
export function hostPayload(form: ApartmentFormValues, fallback: { experience: string; tauxReponse: string; delaiReponse: string }) {
  const photo = form.hotePhoto.trim();
  return {
    nom: form.hoteNom.trim(),
    experience: form.hoteExperience.trim() || fallback.experience,
    tauxReponse: form.hoteTauxReponse.trim() || fallback.tauxReponse,
    delaiReponse: form.hoteDelaiReponse.trim() || fallback.delaiReponse,
    ...(photo ? { photo } : {}),
  };
}

/** The alternative texts of the listed images, trimmed, blanks left out. */
export function altsOf(images: readonly string[], alts: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(images.flatMap((url) => (alts[url]?.trim() ? [[url, alts[url].trim()]] : [])));
}

/** What the add and the edit payloads say alike: the apartment's words, town and place, price and surface. */
export function describedPayload(form: ApartmentFormValues) {
  return {
    titre: form.titre.trim(),
    description: form.description.trim(),
    localisation: form.localisation.trim(),
    ...locationPayload(form),
    prixParNuit: priceOf(form.prixParNuit),
    surface: Number.parseInt(form.surface, 10),
  };
}
