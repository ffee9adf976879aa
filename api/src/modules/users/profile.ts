/** A user's own profile (spec section 3 User) and its update rules (email cannot change). */
import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { UserRow } from '../../auth/sessions.js';
import { accountIdentity } from './service.js';
import type { Profile, ProfileUpdate as SharedProfileUpdate } from 'shared-kernel/domain';

export function toProfile(row: UserRow): Profile {
  return {
    ...accountIdentity(row),
    aUnMotDePasse: row.passwordHash !== null,
    phone: row.telephone,
    billingAddress: row.adresse,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    bio: row.bio,
    dateNaissance: row.dateNaissance,
    methodePaiement: row.methodePaiement,
    preferences: row.preferences ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The spec's update payload; `email` is accepted only to refuse a change. */
export type ProfileUpdate = SharedProfileUpdate & { email?: string };

/** Empty text clears an optional field. */
function optional(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export async function updateProfile(db: AppDb, current: UserRow, input: ProfileUpdate): Promise<Profile> {
  if (input.email !== undefined && input.email.trim().toLowerCase() !== current.email) {
    throw badRequest("L'adresse email ne peut pas être modifiée.");
  }
  if (input.name !== undefined && input.name.trim() === '') throw badRequest('Veuillez saisir votre nom.');
  const phone = optional(input.phone);
  if (phone && !/^\+?[0-9 .()-]{6,20}$/.test(phone)) throw badRequest("Le numéro de téléphone n'est pas valide.");
  const postalCode = optional(input.postalCode);
  if (postalCode && !/^[A-Za-z0-9 -]{3,10}$/.test(postalCode)) throw badRequest("Le code postal n'est pas valide.");
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) patch.nom = input.name.trim();
  if (phone !== undefined) patch.telephone = phone;
  if (postalCode !== undefined) patch.postalCode = postalCode;
  const bio = optional(input.bio);
  if (bio !== undefined) patch.bio = bio;
  const address = optional(input.billingAddress);
  if (address !== undefined) patch.adresse = address;
  const city = optional(input.city);
  if (city !== undefined) patch.city = city;
  const country = optional(input.country);
  if (country !== undefined) patch.country = country;
  if (Object.keys(patch).length === 0) return toProfile(current);
  const [row] = await db.update(users).set(patch).where(eq(users.id, current.id)).returning();
  return toProfile(row ?? current);
}
