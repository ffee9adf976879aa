/**
 * The daily mails of a stay, found by date rather than by event: the reminder 3 days before arrival
 * (confirmed stays arriving within 3 days, so a stay booked late or a missed run still gets it) and
 * the review invitation from the day after departure (finished stays of the last 14 days, as
 * reviews open only once a stay is 'terminée'). Dedupe keys make each one go once per reservation.
 */
import { and, between, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { reservations } from '../db/schema.js';
import { parisDate } from './layout.js';
import { enqueueMail } from './queue.js';
import { reminderMail, reviewInvitationMail, stayFacts, type MailSite } from './reservation-mails.js';

export async function queueArrivalReminders(db: AppDb, site: MailSite, now: Date): Promise<number> {
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'confirmée'), between(reservations.startDate, parisDate(now, 1), parisDate(now, 3))));
  let queued = 0;
  for (const { id } of due) {
    const stay = await stayFacts(db, id);
    if (!stay) continue;
    if (
      await enqueueMail(db, {
        kind: 'rappel-arrivee',
        to: stay.guest.email,
        userId: stay.guest.id,
        dedupeKey: `rappel-arrivee:${id}`,
        ...reminderMail(site, stay),
      })
    )
      queued += 1;
  }
  return queued;
}

export async function queueReviewInvitations(db: AppDb, site: MailSite, now: Date): Promise<number> {
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.status, 'terminée'), between(reservations.endDate, parisDate(now, -14), parisDate(now, -1))));
  let queued = 0;
  for (const { id } of due) {
    const stay = await stayFacts(db, id);
    if (!stay) continue;
    if (
      await enqueueMail(db, {
        kind: 'invitation-avis',
        to: stay.guest.email,
        userId: stay.guest.id,
        dedupeKey: `invitation-avis:${id}`,
        ...reviewInvitationMail(site, stay),
      })
    )
      queued += 1;
  }
  return queued;
}
