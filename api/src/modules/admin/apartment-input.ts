/**
 * The apartment form's rules no schema can say (spec section 5, add and edit): the body arrives
 * decoded (apartment-form.ts) and checked field by field (schemas.ts); here are the image URLs and
 * pricing rules of the kernel, the rules between fields (an image required, publication needing a
 * registration number, an uploaded photo needing its alternative text), and the values' final
 * shape (the slug from the title, the town from the location, defaults).
 */
import { DEFAULT_REGLES, uploadedPhotoId } from 'shared-kernel/domain';
import {
  decodeReglesTarifaires,
  imageUrlProblem,
  parseCoordonnees,
  reglesTarifairesProblems,
  slugify,
  villeDeLocalisation,
  type ReglesTarifaires,
} from 'shared-kernel/rules';
import { badRequest } from '../../http/errors.js';
import { ALT_REQUIRED, imageAlts } from '../photos/alt-texts.js';
import { SLUG_INVALID, SLUG_PATTERN, type EditedApartment, type NewApartment, type Policy } from './schemas.js';

export const NUMERO_REQUIRED = "Le numéro d'enregistrement est obligatoire pour publier un appartement.";

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

/** Issue 12: pricing rules, classification, registration number and publication. */
export interface PublicationValues {
  tarifs?: ReglesTarifaires;
  classement?: number;
  numeroEnregistrement?: string | null;
  publie?: boolean;
}

export interface NewApartmentValues extends ApartmentValues, PublicationValues, LocationValues {
  slug: string;
  politiqueAnnulation: Policy;
  hote: Record<string, unknown>;
  regles: Record<string, unknown>;
  equipements: Record<string, unknown>;
}

type Body = NewApartment | EditedApartment;

function location(body: Body): LocationValues {
  // An emptied town is the one the location names.
  const out: LocationValues = body.ville ? { ville: body.ville } : {};
  if (body.latitude !== undefined || body.longitude !== undefined) {
    const parsed = parseCoordonnees(body.latitude, body.longitude);
    if (!parsed.ok) throw badRequest(parsed.message);
    out.latitude = parsed.value?.latitude ?? null;
    out.longitude = parsed.value?.longitude ?? null;
  }
  return out;
}

function publication(body: Body): PublicationValues {
  const out: PublicationValues = {};
  if (body.tarifs !== undefined) {
    const tarifs = decodeReglesTarifaires(body.tarifs ?? {});
    const problems = reglesTarifairesProblems(tarifs);
    if (problems.length > 0) throw badRequest(problems.join(' '));
    out.tarifs = tarifs;
  }
  if (body.classement !== undefined) out.classement = body.classement;
  if (body.numeroEnregistrement !== undefined) out.numeroEnregistrement = body.numeroEnregistrement;
  if (body.publie !== undefined) out.publie = body.publie;
  return out;
}

function images(urls: readonly string[] = []): string[] {
  const list = urls.map((url) => url.trim());
  for (const url of list) {
    const problem = imageUrlProblem(url);
    if (problem) throw badRequest(problem);
  }
  return list;
}

const labels = (list: readonly string[] = []) => [...new Set(list.map((label) => label.trim()))];

function common(body: Body): ApartmentValues {
  const { titre, description, localisation, surface, capacite } = body;
  return {
    titre,
    description,
    localisation,
    prixParNuit: Math.round(body.prixParNuit * 100) / 100,
    surface,
    capacite: { voyageurs: capacite.voyageurs, chambres: capacite.chambres, lits: capacite.lits, sallesDeBain: capacite.sallesDeBain },
    images: images(body.images),
    inclus: labels(body.inclus),
    nonInclus: labels(body.nonInclus),
    smoobuId: body.smoobuId ?? null,
  };
}

export function newApartmentValues(body: NewApartment): NewApartmentValues {
  const values = common(body);
  if (values.images.length === 0) throw badRequest('Vous devez ajouter au moins une image');
  const slug = body.slug ?? slugify(values.titre);
  // The schema checked a slug sent; one made from the title may still be empty.
  if (!new RegExp(SLUG_PATTERN).test(slug)) throw badRequest(SLUG_INVALID);
  const pub = publication(body);
  const place = location(body);
  // Without a registration number an apartment can only be a draft; asking to publish it is refused.
  if (pub.publie === true && !pub.numeroEnregistrement) throw badRequest(NUMERO_REQUIRED);
  return {
    ...values,
    ...pub,
    ...place,
    ville: place.ville ?? villeDeLocalisation(values.localisation),
    publie: pub.publie ?? Boolean(pub.numeroEnregistrement),
    slug,
    politiqueAnnulation: body.politiqueAnnulation ?? 'Flexible',
    hote: body.hote ?? {},
    regles: { voyageursMax: values.capacite.voyageurs, ...body.regles },
    equipements: body.equipements ?? {},
  };
}

/** The host as the editor sends it; an empty photo removes it. */
function host(sent: NonNullable<EditedApartment['hote']> | null): Record<string, string> {
  const h: NonNullable<typeof sent> = sent ?? {};
  const out: Record<string, string> = {
    nom: h.nom ?? '',
    experience: h.experience ?? '',
    tauxReponse: h.tauxReponse ?? '',
    delaiReponse: h.delaiReponse ?? '',
  };
  if (h.photo) {
    const problem = imageUrlProblem(h.photo);
    if (problem) throw badRequest(`Photo de l’hôte : ${problem}`);
    out.photo = h.photo;
  }
  return out;
}

/** Issue 30 item 5: what the one apartment form also edits; a field the body leaves out stays as it is. */
export interface EditedExtras {
  politiqueAnnulation?: Policy;
  hote?: Record<string, string>;
  regles?: Record<string, unknown>;
  imagesAlt?: Record<string, string>;
}

export function editedApartmentValues(
  body: EditedApartment,
  current: { numero: string | null; publie: boolean },
): ApartmentValues & PublicationValues & LocationValues & EditedExtras {
  const base = common(body);
  const values: ApartmentValues & PublicationValues & LocationValues & EditedExtras = { ...base, ...publication(body), ...location(body) };
  if (body.politiqueAnnulation !== undefined) values.politiqueAnnulation = body.politiqueAnnulation;
  if (body.hote !== undefined) values.hote = host(body.hote);
  // Check-in and check-out times (free text such as '15:00 - 00:00', empty: the default, as the add form does); the travellers' maximum follows the capacity.
  if (body.regles !== undefined)
    values.regles = {
      arrivee: body.regles?.arrivee || DEFAULT_REGLES.arrivee,
      depart: body.regles?.depart || DEFAULT_REGLES.depart,
      voyageursMax: base.capacite.voyageurs,
    };
  if (body.imagesAlt !== undefined) values.imagesAlt = imageAlts(body.imagesAlt, base.images);
  // An emptied town follows the location again.
  if (body.ville === '') values.ville = villeDeLocalisation(values.localisation);
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
