/**
 * Wires the mails into the app: the reservation-event subscriber, the queue's sending job, the daily
 * stay mails, the chat digest and the preference routes. `app.mail` (calendar conflicts, owner leads)
 * is created here and declared with the other services in services.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AppDb } from '../db/client.js';
import type { Realtime } from '../realtime/socket.js';
import { queueAdminCalendarConflict, queueAdminLeadNotice, type CalendarConflict, type LeadNotice } from './admin-notices.js';
import { queueChatDigests } from './chat-digest.js';
import type { Mailer } from './mailer.js';
import { mailPreferenceRoutes } from './preferences-routes.js';
import { sendDueMails } from './queue.js';
import { reservationMailListener, type PaymentInstructionsProvider } from './reservation-mails.js';
import { mailSite, queueStayDateMails } from './dated-mails.js';
import { queueAccessMails } from './access-mails.js';
import { unsubscribeHeaders, unsubscribeKey } from './unsubscribe.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';

export interface MailService {
  queueAdminCalendarConflict(conflict: CalendarConflict): Promise<void>;
  queueAdminLeadNotice(lead: LeadNotice): Promise<void>;
}

export const MAIL_JOBS = { queue: 'mail-queue', stay: 'mail-sejours', digest: 'mail-resume-messages', access: 'mail-acces' } as const;

export async function installMail(
  app: FastifyInstance,
  deps: {
    db: AppDb;
    config: AppConfig;
    mailer: Mailer;
    realtime: Realtime;
    /** The token signing secret, from which the unsubscribe links' key is derived. */
    secret: string;
    paymentInstructions?: PaymentInstructionsProvider | undefined;
  },
): Promise<void> {
  const { db, config, mailer, realtime } = deps;
  const unsubscribe = unsubscribeKey(deps.secret);
  const site = mailSite(config);
  const payments: PaymentInstructionsProvider = deps.paymentInstructions ?? (async () => null);
  app.reservationEvents.subscribe(reservationMailListener(db, site, payments));

  const domain = new URL(config.siteOrigin).hostname;
  app.jobs.every({
    name: MAIL_JOBS.queue,
    intervalMs: config.mail.queueIntervalMs,
    runAtStart: true,
    run: async () => {
      const report = await sendDueMails(
        db,
        mailer,
        { maxAttempts: config.mail.maxAttempts, retryBaseMs: config.mail.retryBaseMs, claimMs: 5 * 60_000, batchSize: 20 },
        app.jobs.holder,
        domain,
        (mail) => unsubscribeHeaders(unsubscribe, config.siteOrigin, mail),
      );
      if (report.retried + report.failed > 0) app.log.warn({ ...report }, 'envoi des e-mails : échecs SMTP, nouvel essai plus tard');
    },
  });
  app.jobs.every({
    name: MAIL_JOBS.stay,
    intervalMs: 60 * 60_000,
    runAtStart: true,
    run: async () => void (await queueStayDateMails(db, site, payments, new Date())),
  });
  // Issue 30: the check-in instructions, ACCES_JOURS_AVANT_ARRIVEE days before arrival, once per stay.
  app.jobs.every({
    name: MAIL_JOBS.access,
    intervalMs: 15 * 60_000,
    runAtStart: true,
    run: async () => void (await queueAccessMails(db, site, new Date(), config.mail.accesJours)),
  });
  app.jobs.every({
    name: MAIL_JOBS.digest,
    intervalMs: 60_000,
    run: async () => {
      await queueChatDigests(db, site, (userId) => realtime.isOnline(userId), config.mail.digestDelayMs);
    },
  });

  await app.register(mailPreferenceRoutes, { prefix: '/api', db });
  await app.register(unsubscribeRoutes, { db, key: unsubscribe, siteName: config.siteName });
}

/** The admins' notices other features queue (`app.mail`). */
export function createMailService(db: AppDb, config: AppConfig): MailService {
  const site = mailSite(config);
  return {
    queueAdminCalendarConflict: (conflict) => queueAdminCalendarConflict(db, site, conflict),
    queueAdminLeadNotice: (lead) => queueAdminLeadNotice(db, site, lead),
  };
}
