/** Schemas of the administration routes (issue 33 item 2): TypeBox, so they validate and type each handler. */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  APARTMENT_NUMBER_LABELS,
  APARTMENT_NUMBER_MINIMUMS,
  CANCELLATION_POLICIES,
  LATITUDE_INVALID,
  LONGITUDE_INVALID,
  SLUG_MAX_LENGTH,
  SMOOBU_ID_MAX,
  SMOOBU_ID_MIN,
  VILLE_MAX_LENGTH,
  VILLE_TOO_LONG,
  type ApartmentNumberField,
} from 'shared-kernel/rules';
import { SCHEMA_MESSAGE } from '../../http/errors.js';
import { appartementSchema, NullableString, OPEN_OBJECT, reservationSchema, StringEnum } from '../../http/schemas.js';

export const FILL_REQUIRED = 'Veuillez remplir tous les champs obligatoires';
export const NUMERO_INVALID =
  "Le numéro d'enregistrement doit comporter 13 caractères : le code de la commune (5), 6 chiffres et 2 caractères de contrôle (exemple : 57463000123AB).";
export const SLUG_INVALID = `Le slug doit contenir des minuscules, des chiffres et des tirets, ${SLUG_MAX_LENGTH} caractères au plus.`;
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export type Policy = (typeof CANCELLATION_POLICIES)[number];
/** The largest number the form takes (a price or a count beyond it is a typing slip). */
const NUMBER_MAX = 1_000_000;
const SHORT_TEXT_MAX = 80;

/** A French message of the schema's own, read by the error handler (errors.ts). */
const says = (message: string | Record<string, string>) => ({ [SCHEMA_MESSAGE]: message });
const orNull = <T extends TSchema>(schema: T) => Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
/** An object the module takes as it is (checked by a kernel rule, or stored as sent). */
const anyObject = (message: string, description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...says(message), description });

const labelOf = (key: ApartmentNumberField) => APARTMENT_NUMBER_LABELS[key];
const aNumber = (key: ApartmentNumberField) => `Le champ « ${labelOf(key)} » doit être un nombre.`;
/** A number of the form (a price, or a count when `whole`): at least the mode's minimum, not beyond NUMBER_MAX. */
function formNumber(key: ApartmentNumberField, mode: 'add' | 'edit', whole: boolean, required = aNumber(key)) {
  const minimum = APARTMENT_NUMBER_MINIMUMS[mode][key];
  const options = {
    minimum,
    maximum: NUMBER_MAX,
    ...says({
      required,
      type: aNumber(key),
      integer: `Le champ « ${labelOf(key)} » doit être un nombre entier.`,
      minimum: `Le champ « ${labelOf(key)} » doit être au moins ${minimum}.`,
      maximum: `Le champ « ${labelOf(key)} » est trop grand.`,
    }),
  };
  return whole ? Type.Integer(options) : Type.Number(options);
}
/** A required text of the form (counted once trimmed: the form's texts arrive trimmed, see apartment-form.ts). */
const formText = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, ...says({ required: FILL_REQUIRED, type: FILL_REQUIRED, minLength: FILL_REQUIRED }) });
/**
 * A list of the form. Its entries are checked before their number, as the form always did: ajv
 * checks `allOf` before an array's own keywords, so the entries' schema is there too (`items`
 * stays for the document and for the handler's type).
 */
const list = <T extends TSchema>(key: string, maxItems: number, item: T, tooMany: string, listOf: string) =>
  Type.Array(item, {
    maxItems,
    allOf: [{ items: item }],
    ...says({ type: `Le champ « ${key} » doit être ${listOf}.`, maxItems: tooMany }),
  });
const labels = (key: string) =>
  list(
    key,
    40,
    Type.String({ pattern: '\\S', maxLength: 60, ...says(`Le champ « ${key} » doit être une liste de libellés.`) }),
    `Le champ « ${key} » contient trop d'éléments.`,
    'une liste de libellés',
  );
/** A short text of the host or the house rules; null or empty: none. */
const shortText = (label: string) =>
  Type.Optional(
    NullableString({
      maxLength: SHORT_TEXT_MAX,
      ...says({
        type: `Le champ « ${label} » doit être un texte.`,
        maxLength: `Le champ « ${label} » ne peut pas dépasser ${SHORT_TEXT_MAX} caractères.`,
      }),
    }),
  );

/**
 * The apartment form's body (spec section 5), as the handler receives it: the form may send its
 * JSON-shaped fields as JSON text and its numbers as text, which `decodeApartmentForm` undoes
 * before these schemas validate (see why there). Properties are in the order the form checks them,
 * so the first failing one answers (ajv stops at the first error). What no schema can say (an image
 * required, publication needing a number, the pricing rules…) is apartment-input.ts.
 */
function formFields(mode: 'add' | 'edit') {
  return {
    titre: formText(120),
    description: formText(5000),
    localisation: formText(120),
    prixParNuit: formNumber('prixParNuit', mode, false, FILL_REQUIRED),
    // An edit without a surface gets 0 (the older form had none; apartment-form.ts).
    surface: formNumber('surface', mode, true),
    capacite: Type.Object(
      {
        voyageurs: formNumber('voyageurs', mode, true),
        chambres: formNumber('chambres', mode, true),
        lits: formNumber('lits', mode, true),
        sallesDeBain: formNumber('sallesDeBain', mode, true),
      },
      says('Le champ « capacite » doit indiquer voyageurs, chambres, lits et salles de bain.'),
    ),
    images: Type.Optional(
      list('images', 30, Type.String(says('Le champ « images » doit être une liste d’URL.')), 'Trente images au plus.', 'une liste d’URL'),
    ),
    inclus: Type.Optional(labels('inclus')),
    nonInclus: Type.Optional(labels('nonInclus')),
    smoobuId: Type.Optional(
      orNull(
        Type.Integer({
          minimum: SMOOBU_ID_MIN,
          maximum: SMOOBU_ID_MAX,
          ...says("L'identifiant Smoobu doit être un entier de 7 chiffres (1000000 à 9999999)."),
        }),
      ),
    ),
    politiqueAnnulation: Type.Optional(
      StringEnum(CANCELLATION_POLICIES, says(`Politique d'annulation invalide. Valeurs acceptées : ${CANCELLATION_POLICIES.join(', ')}.`)),
    ),
    tarifs: Type.Optional(
      orNull(anyObject('Le champ « tarifs » doit être un objet.', 'Règles tarifaires (ReglesTarifaires du noyau) ; null : aucune')),
    ),
    classement: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 5, ...says('Le classement doit être « non classé » (0) ou de 1 à 5 étoiles.') }),
    ),
    numeroEnregistrement: Type.Optional(
      // Commune code (INSEE, 2A/2B for Corsica), 6 digits, 2-character key: the national format of the 2024 law.
      NullableString({ pattern: '^[0-9][0-9AB][0-9]{3}[0-9]{6}[0-9A-Z]{2}$', ...says(NUMERO_INVALID) }),
    ),
    publie: Type.Optional(Type.Boolean(says('Le champ « publie » doit valoir true ou false.'))),
    ville: Type.Optional(
      Type.String({
        maxLength: VILLE_MAX_LENGTH,
        ...says({ type: 'Le champ « ville » doit être un texte.', maxLength: VILLE_TOO_LONG }),
      }),
    ),
    // Degrees as numbers or as the form's text ('49,1197'): read by the kernel's parseCoordonnees.
    latitude: Type.Optional(Type.Unsafe<number | string | null>({ type: ['number', 'string', 'null'], ...says(LATITUDE_INVALID) })),
    longitude: Type.Optional(Type.Unsafe<number | string | null>({ type: ['number', 'string', 'null'], ...says(LONGITUDE_INVALID) })),
  };
}

/** Keys the form does not take (a rating, a number of reviews…) are dropped (ajv's `removeAdditional`), as the parser ignored them. */
const ONLY_THESE = { additionalProperties: false } as const;

export const NewApartmentBody = Type.Object(
  {
    ...formFields('add'),
    slug: Type.Optional(
      Type.String({ pattern: SLUG_PATTERN, maxLength: SLUG_MAX_LENGTH, ...says(SLUG_INVALID), description: 'Par défaut, tiré du titre' }),
    ),
    hote: Type.Optional(anyObject('Le champ « hote » doit être un objet.', 'L’hôte tel que la fiche l’affiche')),
    regles: Type.Optional(anyObject('Le champ « regles » doit être un objet.', 'Règles de la maison (arrivée, départ…)')),
    equipements: Type.Optional(anyObject('Le champ « equipements » doit être un objet.', 'Équipements par catégorie')),
  },
  ONLY_THESE,
);

export const EditedApartmentBody = Type.Object(
  {
    ...formFields('edit'),
    hote: Type.Optional(
      orNull(
        Type.Object(
          {
            nom: shortText('nom de l’hôte'),
            experience: shortText('expérience'),
            tauxReponse: shortText('taux de réponse'),
            delaiReponse: shortText('délai de réponse'),
            photo: shortText('photo de l’hôte'),
          },
          says('Le champ « hote » doit être un objet.'),
        ),
      ),
    ),
    regles: Type.Optional(
      orNull(Type.Object({ arrivee: shortText('arrivée'), depart: shortText('départ') }, says('Le champ « regles » doit être un objet.'))),
    ),
    imagesAlt: Type.Optional(
      orNull(anyObject('Le champ « imagesAlt » doit associer chaque image à son texte.', 'Texte alternatif de chaque image, par URL')),
    ),
  },
  ONLY_THESE,
);
export type NewApartment = Static<typeof NewApartmentBody>;
export type EditedApartment = Static<typeof EditedApartmentBody>;

export const ReservationsQuery = Type.Object({ userId: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })) });

/** The filters of the admin's reservation list and its CSV export (checked by parseAdminFilters). */
export const AdminListQuery = Type.Object({
  statut: Type.Optional(Type.String({ maxLength: 20 })),
  du: Type.Optional(Type.String({ maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit à partir de ce jour' })),
  au: Type.Optional(Type.String({ maxLength: 10, description: 'AAAA-MM-JJ : séjours ayant une nuit jusqu’à ce jour' })),
  appartement: Type.Optional(Type.String({ maxLength: 10 })),
  ville: Type.Optional(Type.String({ maxLength: 100, description: 'Slug ou nom de la ville (400 pour une ville sans appartement)' })),
  client: Type.Optional(Type.String({ maxLength: 100, description: 'Partie du nom ou de l’email du client' })),
  page: Type.Optional(Type.String({ maxLength: 6 })),
  parPage: Type.Optional(Type.String({ maxLength: 3 })),
});

export const createdApartmentSchema = { type: 'object', properties: { id: { type: 'integer' }, appartement: appartementSchema } } as const;
export const apartmentAnswerSchema = { type: 'object', properties: { appartement: appartementSchema } } as const;

export const reservationPageSchema = {
  type: 'object',
  properties: {
    reservations: { type: 'array', items: reservationSchema },
    total: { type: 'integer' },
    page: { type: 'integer' },
    parPage: { type: 'integer' },
    villes: {
      type: 'array',
      items: { type: 'object', properties: { ville: { type: 'string' }, slug: { type: 'string' }, nombre: { type: 'integer' } } },
    },
  },
} as const;

export const clientProfileSchema = { type: 'object', properties: { user: OPEN_OBJECT } } as const;
