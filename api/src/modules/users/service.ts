/** User accounts: creation, look-up and the public shape the API sends. */
import { and, eq, isNull } from 'drizzle-orm';
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
  /** Whether the person proved they own the address (DECISIONS 38). */
  emailVerifie: boolean;
}

/** Who the account is: the fields the session's user and the profile both start with. */
export function accountIdentity(row: UserRow): Pick<PublicUser, 'id' | 'nom' | 'email' | 'role' | 'photo' | 'googleId'> {
  return { id: row.id, nom: row.nom, email: row.email, role: row.role, photo: row.photo, googleId: row.googleId };
}

export function publicUser(row: UserRow): PublicUser {
  return { ...accountIdentity(row), emailVerifie: row.emailVerifieLe !== null };
}

/** The guest as lists and mails name them (a join on `users`). */
export const userSummaryColumns = { id: users.id, nom: users.nom, email: users.email };

export const EMAIL_TAKEN = 'Un compte existe déjà avec cette adresse email.';

export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return rows[0];
}

/** The account a Google identity is linked to, if any. */
export async function findUserByGoogleId(db: AppDb, googleId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleId, googleId)).limit(1);
  return row;
}

/** The account's photo now points at a newly stored avatar. */
export async function setUserPhoto(db: AppDb, userId: number, photo: string): Promise<void> {
  await db.update(users).set({ photo }).where(eq(users.id, userId));
}

export interface NewAccount {
  nom: string;
  email: string;
  password: string | null;
  role?: 'admin' | 'client';
  googleId?: string | null;
  photo?: string | null;
  /** The address is already proven (Google said so, the operator's or the demo's accounts). */
  emailVerifie?: boolean;
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
        emailVerifieLe: account.emailVerifie ? new Date() : null,
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
  // The operator names the admin's address in the configuration: it is taken as proven.
  if (!existing)
    return createUser(db, { nom: admin.name, email: admin.email, password: admin.password, role: 'admin', emailVerifie: true }, scryptCost);
  const [row] = await db
    .update(users)
    .set({
      role: 'admin',
      passwordHash: await hashPassword(admin.password, scryptCost),
      emailVerifieLe: existing.emailVerifieLe ?? new Date(),
    })
    .where(eq(users.id, existing.id))
    .returning();
  return row ?? existing;
}

/** Marks the address as proven (Google said `email_verified`); the row as it is now. */
export async function markEmailVerified(db: AppDb, userId: number, now = new Date()): Promise<UserRow> {
  await db
    .update(users)
    .set({ emailVerifieLe: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifieLe)));
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

/**
 * Links a Google identity to the account holding its (verified) address, which proves the address.
 * An unverified account's password was chosen by someone who never proved they own the address (maybe
 * not the person now signing in with Google): it is dropped, and the caller ends that account's sessions.
 */
export async function linkGoogleIdentity(
  db: AppDb,
  account: UserRow,
  identity: { googleId: string; picture: string | null },
  now = new Date(),
): Promise<{ user: UserRow; droppedPassword: boolean }> {
  const droppedPassword = account.emailVerifieLe === null && account.passwordHash !== null;
  const [linked] = await db
    .update(users)
    .set({
      googleId: identity.googleId,
      photo: account.photo ?? identity.picture,
      emailVerifieLe: account.emailVerifieLe ?? now,
      ...(droppedPassword ? { passwordHash: null } : {}),
    })
    .where(eq(users.id, account.id))
    .returning();
  return { user: linked ?? account, droppedPassword };
}
