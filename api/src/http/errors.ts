/**
 * Every failure answers `{ message }` in French with the right status (DECISIONS 3):
 * bad input is a 400, never a 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { sqlState } from '../db/client.js';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A stable code a form can act on (e.g. retry with another generated id). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Authentification requise. Veuillez vous connecter.') => new ApiError(401, message);
export const forbidden = (message = "Vous n'avez pas l'autorisation d'effectuer cette action.") => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string, code?: string) => new ApiError(409, message, {}, code);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { 'Retry-After': String(retryAfterSeconds) });

export const VALUE_OUT_OF_RANGE = 'Une valeur envoyée est invalide ou hors limites.';
export const SERVER_ERROR_MESSAGE = 'Erreur serveur. Veuillez réessayer plus tard.';

/** Readable French names of the fields the API validates. */
const FIELD_LABELS: Record<string, string> = {
  email: 'email',
  password: 'mot de passe',
  nom: 'nom',
  credential: 'jeton Google',
  id: 'identifiant',
  slug: 'slug',
  appartementId: 'appartement',
  startDate: "date d'arrivée",
  endDate: 'date de départ',
  guestsCount: 'nombre de voyageurs',
  paymentMethod: 'moyen de paiement',
  accepteCgv: 'acceptation des conditions générales de vente',
  totalPrice: 'prix total',
  name: 'nom',
  phone: 'téléphone',
  bio: 'bio',
  billingAddress: 'adresse de facturation',
  city: 'ville',
  postalCode: 'code postal',
  country: 'pays',
  avatar: 'photo',
  receiverId: 'destinataire',
  contenu: 'message',
  messageIds: 'messages',
  reservationId: 'réservation',
  note: 'note',
  commentaire: 'commentaire',
  status: 'statut',
  token: 'lien de réinitialisation',
  userId: 'utilisateur',
  titre: 'titre',
  description: 'description',
  localisation: 'localisation',
  prixParNuit: 'prix par nuit',
  surface: 'surface',
  images: 'images',
  smoobuId: 'identifiant Smoobu',
  date: 'date',
  dates: 'dates',
  libelle: 'plateforme',
  url: 'adresse du calendrier',
  // Issue 31: money.
  iban: 'IBAN',
  titulaire: 'titulaire du compte',
  reference: 'référence',
  raison: 'raison',
  societe: 'société',
  adresse: 'adresse',
  // Issue 30 item 6: the host's reply to a review.
  reponse: 'réponse',
  parPage: 'nombre par page',
};

export function fieldLabel(name: string): string {
  return FIELD_LABELS[name] ?? name;
}

/** JSON types as a French reader names them. */
const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  integer: 'un nombre entier',
  number: 'un nombre',
  boolean: 'vrai ou faux (true ou false)',
  object: 'un objet',
  array: 'une liste',
};

function typeName(types: unknown): string {
  const names = String(types)
    .split(',')
    .filter((t) => t !== 'null')
    .map((t) => TYPE_NAMES[t] ?? t);
  return names.length > 0 ? names.join(' ou ') : 'vide';
}

/** The keyword of a schema's own message (an OpenAPI extension, so the document stays valid). */
export const SCHEMA_MESSAGE = 'x-message';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  /** With ajv's `verbose` (app.ts): the schema holding the failing keyword, and the value it refused. */
  parentSchema?: Record<string, unknown>;
  data?: unknown;
}

/**
 * A schema may write its own French message (`x-message`): one for any failure, or one per keyword.
 * A property left out, or sent as null where no null is taken, is told by the property's `required`
 * message; an integer's `type` failure by `integer` when the value is a number that is not whole.
 */
function schemaMessage(issue: AjvIssue): string | undefined {
  const schema =
    issue.keyword === 'required'
      ? (issue.parentSchema?.properties as Record<string, Record<string, unknown>> | undefined)?.[String(issue.params.missingProperty)]
      : issue.parentSchema;
  const message = schema?.[SCHEMA_MESSAGE] as string | Record<string, string> | undefined;
  if (typeof message === 'string' || message === undefined) return message;
  if (issue.keyword === 'type' && issue.data === null && message.required) return message.required;
  const whole = issue.keyword === 'type' && String(issue.params.type).includes('integer') && typeof issue.data === 'number';
  return message[whole ? 'integer' : issue.keyword];
}

function fieldOf(issue: AjvIssue): string {
  // messageIds/3 names the list, not its fourth item.
  const fromPath = issue.instancePath
    .split('/')
    .filter((segment) => segment && !/^\d+$/.test(segment))
    .pop();
  const name = issue.keyword === 'required' ? String(issue.params.missingProperty) : (fromPath ?? '');
  return FIELD_LABELS[name] ?? name;
}

/** Turns the first schema violation into one French sentence. */
export function validationMessage(issues: readonly AjvIssue[], context: string | undefined): string {
  const issue = issues[0];
  if (!issue) return 'Requête invalide.';
  const own = schemaMessage(issue);
  if (own) return own;
  const field = fieldOf(issue);
  if (!field) return context === 'body' ? 'Le corps de la requête doit être un objet JSON.' : 'Requête invalide.';
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return `Le champ « ${field} » est obligatoire.`;
    case 'type':
      return `Le champ « ${field} » doit être ${typeName(p.type)}.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `Le champ « ${field} » ne peut pas être vide.`
        : `Le champ « ${field} » doit contenir au moins ${String(p.limit)} caractères.`;
    case 'maxLength':
      return `Le champ « ${field} » ne peut pas dépasser ${String(p.limit)} caractères.`;
    case 'minimum':
      return `Le champ « ${field} » doit être supérieur ou égal à ${String(p.limit)}.`;
    case 'maximum':
      return `Le champ « ${field} » doit être inférieur ou égal à ${String(p.limit)}.`;
    case 'format':
      return p.format === 'email' ? 'Veuillez saisir une adresse email valide.' : `Le champ « ${field} » n'a pas le format attendu.`;
    case 'pattern':
      return `Le champ « ${field} » n'a pas le format attendu.`;
    case 'enum':
      return `Le champ « ${field} » doit valoir : ${(p.allowedValues as unknown[]).join(', ')}.`;
    default:
      return `Le champ « ${field} » est invalide.`;
  }
}

const FRAMEWORK_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "Le corps de la requête n'est pas un JSON valide."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Le corps de la requête est vide.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Ce type de contenu n'est pas accepté."],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La requête est trop volumineuse.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'La longueur de la requête est invalide.'],
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send(error.code ? { message: error.message, code: error.code } : { message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error.validation, error.validationContext) });
    }
    const state = sqlState(error);
    // The database refused a value (out of range, NUL, bad date...): the sender's input, not our failure.
    if (state?.startsWith('22')) return reply.status(400).send({ message: VALUE_OUT_OF_RANGE });
    const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (error.statusCode === 429) return reply.status(429).send({ message: 'Trop de requêtes. Veuillez patienter avant de réessayer.' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: 'Requête invalide.' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });
}
