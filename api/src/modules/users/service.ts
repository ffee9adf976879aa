/** User accounts: creation, look-up and the public shape the API sends. */
import { eq } from 'drizzle-orm';
import { normalizeEmail } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { hashPassword, type HashClient } from '../../auth/password.js';
import { conflict } from '../../http/errors.js';
import type { UserRow } from '../../auth/sessions.js';

export interface PublicUser {
  id: number;
  nom: string;
  email: string;
  role: 'admin' | 'client';
  photo: string | null;
  googleId: string | null;
}

export function publicUser(row: UserRow): PublicUser {
  return { id: row.id, nom: row.nom, email: row.email, role: row.role, photo: row.photo, googleId: row.googleId };
}

export const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse email.';

export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return rows[0];
}

export interface NewAccount {
  nom: string;
  email: string;
  password: string | null;
  role?: 'admin' | 'client';
  googleId?: string | null;
  photo?: string | null;
}

export async function createUser(db: AppDb, account: NewAccount, scryptCost: number, client: HashClient | null = null): Promise<UserRow> {
  const passwordHash = account.password === null ? null : await hashPassword(account.password, scryptCost, client);
  try {
    const [row] = await db
      .insert(users)
      .values({
        nom: account.nom.trim(),
        email: normalizeEmail(account.email),
        passwordHash,
        role: account.role ?? 'client',
        googleId: account.googleId ?? null,
        photo: account.photo ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** Creates the admin, or promotes and resets the password of an existing account with that email. */
export async function ensureAdmin(
  db: AppDb,
  admin: { email: string; password: string; name: string },
  scryptCost: number,
): Promise<UserRow> {
  const existing = await findUserByEmail(db, admin.email);
  if (!existing) return createUser(db, { nom: admin.name, email: admin.email, password: admin.password, role: 'admin' }, scryptCost);
  const [row] = await db
    .update(users)
    .set({ role: 'admin', passwordHash: await hashPassword(admin.password, scryptCost) })
    .where(eq(users.id, existing.id))
    .returning();
  return row ?? existing;
}
