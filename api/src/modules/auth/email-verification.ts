/**
 * Email verification (DECISIONS 38, issue 27): a link mailed at sign-up and on request, of which only
 * a hash is kept, valid 48 hours, single use. Following it marks the account's address as proven;
 * until then nothing given under that address before sign-up (owner leads) joins the account.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { emailVerifications, users } from '../../db/schema.js';
import type { UserRow } from '../../auth/sessions.js';
import { render } from '../../mail/layout.js';
import type { Mailer } from '../../mail/mailer.js';

export const VERIFICATION_VALIDITY_MS = 48 * 3600 * 1000;
export const EMAIL_VERIFIED = 'Votre adresse email est vérifiée. Merci !';
export const EMAIL_VERIFICATION_INVALID = 'Ce lien de vérification est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.';
export const EMAIL_ALREADY_VERIFIED = 'Votre adresse email est déjà vérifiée.';
export const VERIFICATION_SENT = 'Un nouveau lien de vérification vous a été envoyé.';
export const TOO_MANY_VERIFICATION_MAILS = 'Trop de liens demandés. Veuillez réessayer dans quelques minutes.';
export const VERIFICATION_MAIL_FAILED = "L'e-mail de vérification n'a pas pu être envoyé. Veuillez réessayer plus tard.";

export const verificationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page of the shell that follows the link. */
export const verificationLink = (siteOrigin: string, token: string) => `${siteOrigin}/verifier-email/${token}`;

/** Stores a new link for the account's current address and returns its token (never stored). */
export async function issueVerification(db: AppDb, user: Pick<UserRow, 'id' | 'email'>, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    tokenHash: verificationTokenHash(token),
    expiresAt: new Date(now.getTime() + VERIFICATION_VALIDITY_MS),
  });
  return token;
}

/** Issues a link and mails it; throws when the mail could not be handed over. */
export async function sendVerificationMail(
  db: AppDb,
  mailer: Mailer,
  site: { siteName: string; siteOrigin: string },
  user: Pick<UserRow, 'id' | 'email' | 'nom'>,
): Promise<void> {
  const token = await issueVerification(db, user);
  await mailer.send({
    to: user.email,
    ...render(site.siteName, `${site.siteName} : confirmez votre adresse email`, `Bonjour ${user.nom},`, [
      { p: `Pour confirmer que cette adresse est bien la vôtre, ouvrez ce lien (valable 48 heures, une seule fois) :` },
      { link: { href: verificationLink(site.siteOrigin, token), label: 'Confirmer mon adresse email' } },
      {
        p: 'Vous pouvez réserver sans attendre ; la confirmation relie à votre compte ce que vous nous aviez déjà envoyé avec cette adresse.',
      },
      { p: 'Si vous n’avez pas créé de compte, ignorez cet e-mail.' },
    ]),
  });
}

/**
 * Follows a link: claimed atomically (a link works once, even clicked twice at the same time), and
 * the account is marked only while it still has the address the link was sent to. The user id, or null.
 */
export async function consumeVerification(db: AppDb, token: string, now = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, verificationTokenHash(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!claimed) return null;
    const [marked] = await tx
      .update(users)
      .set({ emailVerifieLe: sql`coalesce(${users.emailVerifieLe}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(users.id, claimed.userId), eq(users.email, claimed.email), isNull(users.supprimeLe)))
      .returning({ id: users.id });
    return marked?.id ?? null;
  });
}
