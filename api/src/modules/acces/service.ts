/**
 * Issue 30 item 3, DECISIONS 40: an apartment's private check-in instructions (street address, access
 * code, instructions, wifi, house manual, parking). They live in `acces_appartements`, apart from the
 * catalogue, and are read only here: by the admin editor, by the guest of a confirmed stay, and by the
 * mail before arrival. Nothing here logs a value.
 */
import { eq } from 'drizzle-orm';
import type { AccesLogement } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { accesAppartements } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';

export type AccesAppartement = AccesLogement;

/** Each field, its label in French messages and its longest accepted length. */
export const ACCES_FIELDS: ReadonlyArray<{ key: Extract<keyof AccesAppartement, string>; label: string; max: number }> = [
  { key: 'adresse', label: 'L’adresse', max: 300 },
  { key: 'codeAcces', label: 'Le code d’accès', max: 200 },
  { key: 'instructions', label: 'Les instructions d’arrivée', max: 4000 },
  { key: 'wifiNom', label: 'Le nom du wifi', max: 100 },
  { key: 'wifiMotDePasse', label: 'Le mot de passe du wifi', max: 100 },
  { key: 'livret', label: 'Le livret d’accueil', max: 20000 },
  { key: 'parking', label: 'Le stationnement', max: 2000 },
];

export const ADRESSE_REQUIRED = 'L’adresse du logement est obligatoire : le voyageur doit savoir où se rendre.';
export const UNKNOWN_FIELD = (name: string) => `Champ inconnu : « ${name} ».`;
export const NOT_TEXT = (label: string) => `${label} doit être un texte.`;
export const TOO_LONG = (label: string, max: number) => `${label} ne doit pas dépasser ${max} caractères.`;

/** The body of PUT /admin/appartements/:id/acces, checked field by field with a French message. */
export function parseAcces(body: Record<string, unknown>): AccesAppartement {
  const known = new Set<string>(ACCES_FIELDS.map((f) => f.key));
  const unknown = Object.keys(body).find((k) => !known.has(k));
  if (unknown !== undefined) throw badRequest(UNKNOWN_FIELD(unknown.slice(0, 60)));
  const values = {} as AccesAppartement;
  for (const { key, label, max } of ACCES_FIELDS) {
    const raw = body[key] ?? '';
    if (typeof raw !== 'string') throw badRequest(NOT_TEXT(label));
    const value = raw.trim();
    if (value.length > max) throw badRequest(TOO_LONG(label, max));
    values[key] = value;
  }
  if (values.adresse === '') throw badRequest(ADRESSE_REQUIRED);
  return values;
}

const columns = {
  adresse: accesAppartements.adresse,
  codeAcces: accesAppartements.codeAcces,
  instructions: accesAppartements.instructions,
  wifiNom: accesAppartements.wifiNom,
  wifiMotDePasse: accesAppartements.wifiMotDePasse,
  livret: accesAppartements.livret,
  parking: accesAppartements.parking,
};

/** The apartment's instructions, null when none were entered. */
export async function accesOf(db: AppDb, appartementId: number): Promise<AccesAppartement | null> {
  const [row] = await db.select(columns).from(accesAppartements).where(eq(accesAppartements.appartementId, appartementId)).limit(1);
  return row ?? null;
}

export async function saveAcces(db: AppDb, appartementId: number, acces: AccesAppartement): Promise<AccesAppartement> {
  await db
    .insert(accesAppartements)
    .values({ appartementId, ...acces, modifieLe: new Date() })
    .onConflictDoUpdate({ target: accesAppartements.appartementId, set: { ...acces, modifieLe: new Date() } });
  return acces;
}

/**
 * What a reservation's reader may see of the instructions: only its own guest (not an admin, who
 * reads them in the editor), only while the stay is 'confirmée'; undefined otherwise, so the key is
 * absent from the answer.
 */
export async function accesForGuest(
  db: AppDb,
  reader: { id: number },
  reservation: { userId: number; appartementId: number; status: string },
): Promise<AccesAppartement | undefined> {
  if (reservation.userId !== reader.id || reservation.status !== 'confirmée') return undefined;
  return (await accesOf(db, reservation.appartementId)) ?? undefined;
}
