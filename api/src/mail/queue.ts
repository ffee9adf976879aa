/**
 * The mail queue: every mail but the password reset (sent at once, the user is waiting for it) is
 * written to `mail_queue` and sent by the `mail-queue` job.
 *
 * - Durable: a mail is a row before anyone tries to send it; an SMTP failure puts it back with a
 *   growing delay (`retryDelayMs`), up to `maxAttempts`, then it is marked 'failed' with the error.
 * - Sent once: a worker claims rows (`for update skip locked`, then `claimed_by`/`claimed_until`)
 *   before sending, so two processes never send the same row; a row whose claimant died is taken
 *   again once its claim expires. `dedupe_key` makes "once per reservation" mails idempotent.
 * - Preferences: an optional kind the recipient turned off is not queued at all.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { MailKind } from 'shared-kernel/domain';
import type { AppDb } from '../db/client.js';
import { mailOptOuts, mailQueue } from '../db/schema.js';
import type { Mailer, MailAttachment } from './mailer.js';
import { isTransactional } from './kinds.js';

export interface QueuedMail {
  kind: MailKind;
  to: string;
  /** The recipient's account, when there is one (preferences are checked against it). */
  userId: number | null;
  /** At most one mail per key, ever (e.g. `rappel-arrivee:42`). */
  dedupeKey?: string;
  /** For a mail to someone else about a person (an admin notice): that person's address, so erasing their account erases it. */
  about?: string;
  /** For a mail quoting other users (an admin's chat digest): their ids, so erasing any of their accounts erases it. */
  aboutUsers?: number[];
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface QueueSettings {
  maxAttempts: number;
  /** Delay before the first retry; doubled at each failure (1, 2, 4... times). */
  retryBaseMs: number;
  /** How long a claimed row stays reserved to its worker (longer than one SMTP conversation). */
  claimMs: number;
  batchSize: number;
}

/** True when the user turned this kind off (never for a transactional kind). */
export async function optedOut(db: AppDb, userId: number | null, kind: MailKind): Promise<boolean> {
  if (userId === null || isTransactional(kind)) return false;
  const rows = await db
    .select({ kind: mailOptOuts.kind })
    .from(mailOptOuts)
    .where(and(eq(mailOptOuts.userId, userId), eq(mailOptOuts.kind, kind)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The dedupe keys among `keys` that a mail already used. The dated mails ask it before writing any
 * mail: an hourly run finds every stay of its window again (two weeks of departures for the review
 * invitation), and composing each mail only for its insert to be ignored cost seconds of database
 * work per run at scale.
 */
export async function usedDedupeKeys(db: AppDb, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: mailQueue.dedupeKey })
    .from(mailQueue)
    .where(inArray(mailQueue.dedupeKey, [...keys]));
  return new Set(rows.map((r) => r.key!));
}

/** Queues a mail; returns false when the preferences refuse it or its dedupe key was already used. */
export async function enqueueMail(db: AppDb, mail: QueuedMail): Promise<boolean> {
  if (await optedOut(db, mail.userId, mail.kind)) return false;
  const rows = await db
    .insert(mailQueue)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      userId: mail.userId,
      dedupeKey: mail.dedupeKey ?? null,
      aboutEmail: mail.about?.toLowerCase() ?? null,
      aboutUserIds: mail.aboutUsers?.length ? [...new Set(mail.aboutUsers)] : null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments ?? [],
    })
    .onConflictDoNothing({ target: mailQueue.dedupeKey })
    .returning({ id: mailQueue.id });
  return rows.length > 0;
}

interface ClaimedRow {
  id: number;
  kind: string;
  user_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[] | string;
  attempts: number;
}

/** Delay before attempt n+1 after n failed attempts. */
export function retryDelayMs(failedAttempts: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, failedAttempts - 1);
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Sends the due mails: claims a batch, sends each one, records the outcome. Runs until no due row
 * is left (or a batch made no progress), so one job run empties the queue.
 */
export async function sendDueMails(
  db: AppDb,
  mailer: Mailer,
  settings: QueueSettings,
  holder: string,
  messageIdDomain: string,
  /** The headers a mail gets from its kind and recipient (List-Unsubscribe of an optional kind). */
  headersFor: (mail: { kind: string; userId: number | null }) => Record<string, string> | undefined = () => undefined,
): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = (await db.execute(sql`
      update mail_queue set status = 'sending', claimed_by = ${holder},
        claimed_until = now() + ${settings.claimMs} * interval '1 millisecond', attempts = attempts + 1
      where id in (
        select id from mail_queue
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and claimed_until < now())
        order by id limit ${settings.batchSize}
        for update skip locked)
      returning id, kind, user_id, to_address, subject, text_body, html_body, attachments, attempts`)) as unknown as { rows: ClaimedRow[] };
    if (claimed.rows.length === 0) return report;
    const failuresBefore = report.retried + report.failed;
    for (const row of claimed.rows) {
      try {
        const attachments = typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as MailAttachment[]) : row.attachments;
        const headers = headersFor({ kind: row.kind, userId: row.user_id === null ? null : Number(row.user_id) });
        await mailer.send({
          ...(headers ? { headers } : {}),
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(attachments.length > 0 ? { attachments } : {}),
          messageId: `<mail-${row.id}@${messageIdDomain}>`,
        });
        await db
          .update(mailQueue)
          .set({ status: 'sent', sentAt: new Date(), claimedUntil: null, lastError: null })
          .where(and(eq(mailQueue.id, row.id), eq(mailQueue.claimedBy, holder)));
        report.sent += 1;
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const giveUp = row.attempts >= settings.maxAttempts;
        await db
          .update(mailQueue)
          .set({
            status: giveUp ? 'failed' : 'pending',
            lastError: message,
            claimedUntil: null,
            nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts, settings.retryBaseMs)),
          })
          .where(and(eq(mailQueue.id, row.id), eq(mailQueue.claimedBy, holder)));
        if (giveUp) report.failed += 1;
        else report.retried += 1;
      }
    }
    // The SMTP server is failing: leave the rest for the next run rather than hammer it.
    if (report.retried + report.failed > failuresBefore) return report;
  }
}
