/**
 * Daily housekeeping (GDPR storage limitation), keeping what the privacy policy promises:
 * - session rows past their expiry or revoked serve no purpose once the token cannot be used, and
 *   reset tokens past their hour and email verification links past their 48 hours, or already used, likewise (a token whose row is gone is refused
 *   exactly as a revoked or expired one);
 * - a mail sent or given up is kept a year (what was written to whom, to answer a question about
 *   it), then deleted; a mail still waiting is never touched;
 * - an owner's estimate request is kept three years after its last change (the CNIL's guideline
 *   for prospects: three years after the last contact), then deleted.
 */
import { and, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { emailVerifications, mailQueue, ownerLeads, passwordResets, sessions } from '../../db/schema.js';
import type { Scheduler } from '../../jobs/scheduler.js';

export const HOUSEKEEPING_JOB = 'housekeeping';
const DAY_MS = 24 * 3600 * 1000;

export const MAIL_RETENTION_DAYS = 365;
export const LEAD_RETENTION_DAYS = 3 * 365;

export interface Purged {
  sessions: number;
  resets: number;
  mails: number;
  leads: number;
}

export async function purgeExpired(db: AppDb, now = new Date()): Promise<Purged> {
  const goneSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const goneResets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  // Verification links likewise once used or past their 48 hours (counted with the reset links).
  const goneVerifications = await db
    .delete(emailVerifications)
    .where(or(lt(emailVerifications.expiresAt, now), isNotNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  const mailsBefore = new Date(now.getTime() - MAIL_RETENTION_DAYS * DAY_MS);
  const goneMails = await db
    .delete(mailQueue)
    .where(
      and(
        inArray(mailQueue.status, ['sent', 'failed']),
        sql`coalesce(${mailQueue.sentAt}, ${mailQueue.createdAt}) < ${mailsBefore.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: mailQueue.id });
  const goneLeads = await db
    .delete(ownerLeads)
    .where(lt(ownerLeads.updatedAt, new Date(now.getTime() - LEAD_RETENTION_DAYS * DAY_MS)))
    .returning({ id: ownerLeads.id });
  return {
    sessions: goneSessions.length,
    resets: goneResets.length + goneVerifications.length,
    mails: goneMails.length,
    leads: goneLeads.length,
  };
}

export function scheduleHousekeeping(jobs: Scheduler, db: AppDb, log: (purged: Purged) => void): void {
  jobs.every({
    name: HOUSEKEEPING_JOB,
    intervalMs: DAY_MS,
    runAtStart: true,
    run: async () => log(await purgeExpired(db)),
  });
}
