/**
 * The daily mails of a stay, found by date rather than by event: the reminder 3 days before arrival
 * (confirmed stays arriving within 3 days, so a stay booked late or a missed run still gets it) and
 * the review invitation from the day after departure (finished stays of the last 14 days, as
 * reviews open only once a stay is 'terminée'). Dedupe keys make each one go once per reservation.
 */
import { and, between, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { reservations } from '../db/schema.js';
import { parisDate, type MailContent } from './layout.js';
import { enqueueMail, usedDedupeKeys, type QueuedMail } from './queue.js';
import { reminderMail, reviewInvitationMail, stayFacts, type MailSite, type StayFacts } from './reservation-mails.js';

export async function queueArrivalReminders(db: AppDb, site: MailSite, now: Date): Promise<number> {
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'confirmée'), between(reservations.startDate, parisDate(now, 1), parisDate(now, 3))));
  return queueStayMails(db, due, 'rappel-arrivee', (stay) => reminderMail(site, stay));
}

export async function queueReviewInvitations(db: AppDb, site: MailSite, now: Date): Promise<number> {
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'terminée'), between(reservations.endDate, parisDate(now, -14), parisDate(now, -1))));
  return queueStayMails(db, due, 'invitation-avis', (stay) => reviewInvitationMail(site, stay));
}

/** Queues one mail of this kind to each due stay's guest; the dedupe key keeps a stay to one. */
async function queueStayMails(
  db: AppDb,
  due: { id: number }[],
  kind: QueuedMail['kind'],
  mailOf: (stay: StayFacts) => MailContent,
): Promise<number> {
  let queued = 0;
  const keyOf = (id: number) => `${kind}:${id}`;
  const used = await usedDedupeKeys(
    db,
    due.map(({ id }) => keyOf(id)),
  );
  for (const { id } of due) {
    if (used.has(keyOf(id))) continue;
    const stay = await stayFacts(db, id);
    if (!stay) continue;
    if (await enqueueMail(db, { kind, to: stay.guest.email, userId: stay.guest.id, dedupeKey: keyOf(id), ...mailOf(stay) })) queued += 1;
  }
  return queued;
}
