/**
 * JSON schemas shared by several routes: they validate input, shape output and feed the OpenAPI document.
 * Request schemas are written with TypeBox: a route registered through `withTypeProvider<TypeBoxTypeProvider>()`
 * gets its handler's types from them, so a body is never typed by hand beside its schema.
 */
import { Type, type SchemaOptions } from '@sinclair/typebox';

export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, code: { type: 'string' } },
  required: ['message'],
} as const;

/**
 * OpenAPI `security` of a route that anyone may call but that answers more to a signed-in caller
 * (an admin sees drafts): no guard, the session is read if present.
 */
export const OPTIONAL_SESSION: Record<string, string[]>[] = [{}, { bearer: [] }];

/** An object answer documented by its description rather than property by property (serialised as is). */
export const OPEN_OBJECT = { type: 'object', additionalProperties: true } as const;

/** A list of objects of one shape, as an answer or a field of one. */
export const listOf = <P extends Record<string, unknown>>(properties: P) =>
  ({ type: 'array', items: { type: 'object', properties } }) as const;

/**
 * The French error body every failure uses. 503: a part the route leans on is momentarily out
 * (Redis behind the rate limits, the password-hashing pool full, a payment provider).
 */
export const errorResponses = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
  503: messageSchema,
} as const;

export const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    nom: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', enum: ['admin', 'client'] },
    photo: { type: ['string', 'null'] },
    googleId: { type: ['string', 'null'] },
    emailVerifie: { type: 'boolean' },
  },
  required: ['id', 'nom', 'email', 'role', 'photo', 'googleId', 'emailVerifie'],
} as const;

const stringList = { type: 'array', items: { type: 'string' } } as const;

export const appartementSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    slug: { type: 'string' },
    titre: { type: 'string' },
    description: { type: 'string' },
    localisation: { type: 'string' },
    ville: { type: 'string' },
    latitude: { type: ['number', 'null'] },
    longitude: { type: ['number', 'null'] },
    prixParNuit: { type: 'number' },
    surface: { type: 'number' },
    note: { type: 'number' },
    nombreAvis: { type: 'integer' },
    smoobuId: { type: ['integer', 'null'] },
    politiqueAnnulation: { type: 'string' },
    capacite: {
      type: 'object',
      properties: {
        voyageurs: { type: 'integer' },
        chambres: { type: 'integer' },
        lits: { type: 'integer' },
        sallesDeBain: { type: 'integer' },
      },
    },
    inclus: stringList,
    nonInclus: stringList,
    images: stringList,
    imagesAlt: { type: 'object', additionalProperties: { type: 'string' } },
    hote: {
      type: 'object',
      properties: {
        nom: { type: 'string' },
        experience: { type: 'string' },
        tauxReponse: { type: 'string' },
        delaiReponse: { type: 'string' },
        photo: { type: 'string' },
      },
    },
    regles: {
      type: 'object',
      properties: { arrivee: { type: 'string' }, depart: { type: 'string' }, voyageursMax: { type: 'integer' } },
    },
    equipements: { type: 'object', properties: { salleDeBain: stringList, internetEtBureau: stringList } },
    tarifs: { type: 'object', additionalProperties: true },
    prixMin: { type: 'number' },
    prixVarie: { type: 'boolean' },
    classement: { type: 'integer' },
    numeroEnregistrement: { type: ['string', 'null'] },
    publie: { type: 'boolean' },
  },
} as const;

/** A numeric id in a path (types are not coerced, so ids are checked as digit strings). */
export const idParams = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}$' }) });

/**
 * One of a list of strings, written `{ type: 'string', enum }` like every enum of the API (TypeBox's
 * union of literals would be an `anyOf`, which changes the French 400 the error handler writes).
 */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A string or null, as one `type: ['string', 'null']` (not TypeBox's `anyOf`, for the same reason). */
export const NullableString = (options: SchemaOptions & { maxLength?: number } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** The host's public reply under a review (issue 30 item 6); absent when there is none. */
export const reponseAvisSchema = {
  type: 'object',
  properties: { texte: { type: 'string' }, date: { type: 'string' } },
  required: ['texte', 'date'],
} as const;

/** One public review (the reviews list, a review just written, the admin's list). */
export const avisSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    auteur: { type: 'string' },
    date: { type: 'string' },
    note: { type: 'integer' },
    commentaire: { type: 'string' },
    reponse: reponseAvisSchema,
  },
} as const;

export const avisResumeSchema = {
  type: 'object',
  properties: {
    avis: { type: 'array', items: avisSchema },
    moyenne: { type: 'number' },
    nombreAvis: { type: 'integer' },
    repartition: {
      type: 'object',
      properties: {
        5: { type: 'integer' },
        4: { type: 'integer' },
        3: { type: 'integer' },
        2: { type: 'integer' },
        1: { type: 'integer' },
      },
    },
  },
} as const;

/** Issue 31: one movement of a reservation's books. */
export const mouvementSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    reservationId: { type: 'integer' },
    type: { type: 'string' },
    montantCents: { type: 'integer' },
    moyen: { type: ['string', 'null'] },
    reference: { type: ['string', 'null'] },
    date: { type: 'string' },
    auteur: { type: 'string' },
    note: { type: ['string', 'null'] },
    lienId: { type: ['integer', 'null'] },
  },
} as const;

/** Bank transfer instructions (issue 13). */
export const instructionsVirementSchema = {
  type: 'object',
  properties: {
    objet: { type: 'string' },
    montantCents: { type: 'integer' },
    titulaire: { type: 'string' },
    iban: { type: 'string' },
    bic: { type: 'string' },
    reference: { type: 'string' },
    echeance: { type: 'string' },
    exemple: { type: 'boolean' },
  },
} as const;

export const reservationSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer' },
    appartementId: { type: 'integer' },
    startDate: { type: 'string' },
    endDate: { type: 'string' },
    guestsCount: { type: 'integer' },
    adultes: { type: 'integer' },
    enfants: { type: 'integer' },
    devis: {
      type: ['object', 'null'],
      properties: {
        lignes: { type: 'array', items: { type: 'object', properties: { libelle: { type: 'string' }, montant: { type: 'number' } } } },
        total: { type: 'number' },
        acompte: { type: 'number' },
        reste: { type: 'number' },
      },
    },
    nights: { type: 'integer' },
    totalPrice: { type: 'number' },
    deposit: { type: 'number' },
    remainder: { type: 'number' },
    paymentMethod: { type: ['string', 'null'] },
    paymentCompleted: { type: 'boolean' },
    paiement: {
      type: 'object',
      properties: {
        etat: { type: 'string' },
        echeance: { type: ['string', 'null'] },
        rembourseCents: { type: ['integer', 'null'] },
        aRembourserCents: { type: 'integer' },
        rembourseLe: { type: ['string', 'null'] },
      },
    },
    // Issue 31: the balance before arrival and the books' balance.
    solde: {
      type: ['object', 'null'],
      properties: {
        montantCents: { type: 'integer' },
        exigibleLe: { type: 'string' },
        resteCents: { type: 'integer' },
        etat: { type: 'string' },
      },
    },
    supprimable: { type: 'boolean' },
    comptes: {
      type: 'object',
      properties: {
        duCents: { type: 'integer' },
        recuCents: { type: 'integer' },
        rembourseCents: { type: 'integer' },
        resteDuCents: { type: 'integer' },
        aRembourserCents: { type: 'integer' },
      },
    },
    cgvVersion: { type: ['string', 'null'] },
    cgvAccepteeLe: { type: ['string', 'null'] },
    instructionsVirement: { type: ['object', 'null'], properties: instructionsVirementSchema.properties },
    status: { type: 'string' },
    createdAt: { type: 'string' },
    user: { type: ['object', 'null'], properties: { id: { type: 'integer' }, nom: { type: 'string' }, email: { type: 'string' } } },
    appartement: {
      type: ['object', 'null'],
      properties: {
        id: { type: 'integer' },
        slug: { type: 'string' },
        titre: { type: 'string' },
        localisation: { type: 'string' },
        prixParNuit: { type: 'number' },
        images: { type: 'array', items: { type: 'string' } },
      },
    },
  },
} as const;
