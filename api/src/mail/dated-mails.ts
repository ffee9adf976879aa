/**
 * The site a mail is written for (name, origin, how a balance is paid, the check-in mail's delay),
 * from the configuration, and a stay's mails found by date that the hourly job queues. The seed's
 * history (seed/scale/history-mails.ts) queues them through the same functions.
 */
import type { PaymentMethod } from 'shared-kernel/domain';
import type { AppConfig } from '../config.js';
import type { AppDb } from '../db/client.js';
import { balancePaidOnline } from '../modules/payments/virement.js';
import { queueBalanceMails } from './balance-mails.js';
import type { MailSite, PaymentInstructionsProvider } from './reservation-mails.js';
import { queueArrivalReminders, queueReviewInvitations } from './stay-mails.js';

export function mailSite(config: AppConfig): MailSite {
  return {
    siteName: config.siteName,
    siteOrigin: config.siteOrigin,
    balanceOnline: (stay) => balancePaidOnline({ paymentMethod: stay.paymentMethod as PaymentMethod | null }, config.payments),
    accesJours: config.mail.accesJours,
  };
}

/** A stay's mails found by date (arrival reminder, review invitation, balance) due at `now`; how many were queued. */
export async function queueStayDateMails(db: AppDb, site: MailSite, payments: PaymentInstructionsProvider, now: Date): Promise<number> {
  return (
    (await queueArrivalReminders(db, site, now)) +
    (await queueReviewInvitations(db, site, now)) +
    (await queueBalanceMails(db, site, payments, now))
  );
}
