/**
 * Erasing an account (GDPR article 17, DECISIONS 26). The row stays, stripped of everything that
 * identifies the person, because what the business must keep refers to it: reservations are
 * accounting records (amounts, dates, apartment), and the messages and reviews stay readable under
 * 'Ancien client'; the IBAN and holder given for a refund and the invoices' company and address are
 * blanked on the reservations. Sessions, reset tokens, the person's mails (queued or sent), the admins' notices
 * naming the person and the chat digests quoting them, mail preferences and the owner estimate
 * requests sent with the account's address go (only when the address is verified, DECISIONS 38); the avatar file is removed by the caller once the
 * transaction has committed.
 */
import { and, asc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import {
  chatPresence,
  emailVerifications,
  mailOptOuts,
  mailQueue,
  ownerLeads,
  passwordResets,
  reservations,
  sessions,
  users,
} from '../../db/schema.js';
import { LEAD_NOTICE_KIND } from '../../mail/admin-notices.js';
import type { UserRow } from '../../auth/sessions.js';
import { todayIn } from 'shared-kernel/rules';

export const ANCIEN_CLIENT = 'Ancien client';

/** An address no one can own (RFC 2606 reserves .invalid) and unique per row, as the column requires. */
export function erasedEmail(userId: number): string {
  return `ancien-client-${userId}@supprime.invalid`;
}

/** Today as YYYY-MM-DD in Metz, where the stays take place. */
export const todayInParis = (now = new Date()): string => todayIn('Europe/Paris', now);

const dateFr = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const formatDateFr = (iso: string) => dateFr.format(new Date(`${iso}T00:00:00Z`));

/**
 * Why the account cannot be erased now, or null. A stay 'en attente' or 'confirmée' whose departure
 * day has not passed still needs the guest's identity (arrival, payment, contact).
 */
export async function deletionRefusal(db: AppDb, user: UserRow, now = new Date()): Promise<string | null> {
  if (user.role === 'admin')
    return 'Un compte administrateur ne peut pas être supprimé depuis son profil : demandez-le à un autre administrateur.';
  const [stay] = await db
    .select({ startDate: reservations.startDate, endDate: reservations.endDate })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, user.id),
        inArray(reservations.status, ['en attente', 'confirmée']),
        gte(reservations.endDate, todayInParis(now)),
      ),
    )
    .orderBy(asc(reservations.startDate))
    .limit(1);
  if (!stay) return null;
  return `Votre compte ne peut pas être supprimé tant qu'un séjour est à venir ou en cours (du ${formatDateFr(stay.startDate)} au ${formatDateFr(stay.endDate)}). Annulez-le ou attendez la fin du séjour.`;
}

/**
 * Erases the account in one transaction and returns the avatar URL it had (to delete its file), the
 * address it had and the ids of the mails deleted (to delete their outbox files).
 */
export async function eraseAccount(
  db: AppDb,
  userId: number,
  now = new Date(),
): Promise<{ photo: string | null; email: string | null; mailIds: number[] }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ photo: users.photo, email: users.email, verifie: users.emailVerifieLe })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx
      .update(users)
      .set({
        nom: ANCIEN_CLIENT,
        email: erasedEmail(userId),
        passwordHash: null,
        googleId: null,
        photo: null,
        telephone: null,
        adresse: null,
        city: null,
        postalCode: null,
        country: null,
        bio: null,
        dateNaissance: null,
        methodePaiement: null,
        preferences: null,
        supprimeLe: now,
      })
      .where(eq(users.id, userId));
    await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, userId));
    // Where refunds by transfer were to go and who invoices were made out to are the person's data: blanked.
    // The money rows (movements, refunds with their amounts, dates and bank references) stay in the books,
    // and the invoices already issued keep the copy the law requires them to keep.
    await tx
      .update(reservations)
      .set({ remboursementIban: null, remboursementTitulaire: null, facturationSociete: null, facturationAdresse: null })
      .where(eq(reservations.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    // Mails to the person (sent or waiting) hold the address and the stays' details; preferences and presence go with the account.
    const mailIds: number[] = [];
    const collect = (rows: { id: number }[]) => mailIds.push(...rows.map((r) => r.id));
    collect(await tx.delete(mailQueue).where(eq(mailQueue.userId, userId)).returning({ id: mailQueue.id }));
    // And the chat digests that quote the person's name and messages to someone else (an admin).
    collect(
      await tx
        .delete(mailQueue)
        .where(sql`${mailQueue.aboutUserIds} @> array[${userId}]::integer[]`)
        .returning({ id: mailQueue.id }),
    );
    await tx.delete(mailOptOuts).where(eq(mailOptOuts.userId, userId));
    await tx.delete(chatPresence).where(eq(chatPresence.userId, userId));
    if (before?.verifie) {
      // The export lists the owner requests made with this address (any case) once it is verified: they are the
      // person's data too, and so are the admins' notices naming the person (new reservation, cancellation, owner request).
      await tx.delete(ownerLeads).where(sql`lower(${ownerLeads.email}) = lower(${before.email})`);
      collect(await tx.delete(mailQueue).where(eq(mailQueue.aboutEmail, before.email.toLowerCase())).returning({ id: mailQueue.id }));
    } else if (before) {
      // Unverified (DECISIONS 38): what was given under the address before proves nothing about this account,
      // so the owner requests and their notices stay; the notices about the account's own stays go.
      collect(
        await tx
          .delete(mailQueue)
          .where(and(eq(mailQueue.aboutEmail, before.email.toLowerCase()), ne(mailQueue.kind, LEAD_NOTICE_KIND)))
          .returning({ id: mailQueue.id }),
      );
    }
    return { photo: before?.photo ?? null, email: before?.email ?? null, mailIds };
  });
}
