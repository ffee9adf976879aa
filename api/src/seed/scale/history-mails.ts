/**
 * The mails of the loaded history. A site that had run for years sent each stay's dated mails on
 * their day: the reminders, review invitations, balance and check-in mails due by now are no
 * longer to send. Without them, a server started on the catalogue would send a thousand mails of
 * the past in its first minutes (and compete for the CPU with whatever is measured then). They are
 * queued by the mail jobs' own functions, as often as those would have run, so their contents
 * and dedupe keys are the jobs', then recorded as sent at the load's instant.
 */
import { and, eq, gt, max } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { mailQueue } from '../../db/schema.js';
import { queueAccessMails } from '../../mail/access-mails.js';
import { mailSite, queueStayDateMails } from '../../mail/dated-mails.js';
import type { MailSite, PaymentInstructionsProvider } from '../../mail/reservation-mails.js';
import { virementInstructions } from '../../modules/payments/virement.js';

export interface HistoryMails {
  site: MailSite;
  payments: PaymentInstructionsProvider;
  /** ACCES_JOURS_AVANT_ARRIVEE: the check-in mail's days before arrival. */
  accesJours: number;
}

/** The mails as the server configured by `config` writes them (its site, transfer details and delays). */
export function historyMailsOf(db: AppDb, config: AppConfig): HistoryMails {
  return {
    site: mailSite(config),
    payments: (id) => virementInstructions(db, config.payments, id),
    accesJours: config.mail.accesJours,
  };
}

/** How many mails the history had sent by `now`. */
export async function recordHistoryMails(db: AppDb, mails: HistoryMails, now: Date): Promise<number> {
  const [before] = await db.select({ last: max(mailQueue.id) }).from(mailQueue);
  // A balance's first mail and its reminder go on different runs (one per stay and run): run until nothing is due.
  for (let run = 0; run < 5; run += 1) {
    const queued =
      (await queueStayDateMails(db, mails.site, mails.payments, now)) + (await queueAccessMails(db, mails.site, now, mails.accesJours));
    if (queued === 0) break;
  }
  const sent = await db
    .update(mailQueue)
    .set({ status: 'sent', attempts: 1, sentAt: now })
    .where(and(gt(mailQueue.id, before?.last ?? 0), eq(mailQueue.status, 'pending')))
    .returning({ id: mailQueue.id });
  return sent.length;
}
