/**
 * The balance mails (issue 31, DECISIONS 34): when the balance becomes payable, then reminders 3 days
 * and 1 day before arrival while it is still owed. Online (Stripe): a link to the reservation page,
 * whose 'Payer le solde' opens Stripe's page — a Stripe session lives 24 hours at most, a mail longer.
 * By transfer: the account details and reference. Found by date every hour, sent once each (dedupe).
 */
import type { AppDb } from '../db/client.js';
import { balancesDue } from '../modules/payments/balance.js';
import { euros, longDate, parisDate, render, type Block, type MailContent } from './layout.js';
import { enqueueMail, usedDedupeKeys } from './queue.js';
import {
  stayFacts,
  transferBlocks,
  type MailSite,
  type PaymentInstructionsProvider,
  type PaymentInstructions,
  type StayFacts,
} from './reservation-mails.js';

/** Days before arrival on which an unpaid balance is recalled. */
export const BALANCE_REMINDER_DAYS = [3, 1] as const;

export function balanceDueMail(
  site: MailSite,
  stay: StayFacts,
  resteCents: number,
  transfer: PaymentInstructions | null,
  reminder: boolean,
): MailContent {
  const online = site.balanceOnline?.(stay) ?? false;
  const blocks: Block[] = [
    {
      p: reminder
        ? `Rappel : le solde de votre séjour à « ${stay.apartment.titre} » n’est pas encore réglé. Votre arrivée est prévue ${longDate(stay.startDate)}.`
        : `Le solde de votre séjour à « ${stay.apartment.titre} » est à régler dès maintenant, avant votre arrivée ${longDate(stay.startDate)}.`,
    },
    {
      rows: [
        ['Réservation', `n° ${stay.id}`],
        ['Solde à régler', euros(resteCents / 100)],
        ['Total du séjour', euros(stay.totalPrice)],
      ],
    },
  ];
  if (online) {
    blocks.push(
      { p: 'Réglez-le en ligne sur la page de paiement sécurisée de Stripe, depuis votre réservation : « Payer le solde ».' },
      { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Payer le solde' } },
    );
  } else if (transfer) {
    blocks.push({ p: 'Réglez-le par virement bancaire :' }, ...transferBlocks(transfer));
    blocks.push({ link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Voir ma réservation' } });
  }
  blocks.push({ p: 'Votre réservation reste confirmée : le solde est attendu avant votre arrivée.' });
  return render(
    site.siteName,
    reminder ? `Rappel : solde à régler pour « ${stay.apartment.titre} »` : `Solde à régler : ${stay.apartment.titre}`,
    `Bonjour ${stay.guest.nom},`,
    blocks,
  );
}

/** Queues the balance mails due now; returns how many were queued. */
export async function queueBalanceMails(db: AppDb, site: MailSite, instructions: PaymentInstructionsProvider, now: Date): Promise<number> {
  const today = parisDate(now);
  let queued = 0;
  const dues = (await balancesDue(db, today)).map((due) => {
    const daysLeft = Math.round((Date.parse(due.startDate) - Date.parse(today)) / 86_400_000);
    const reminder = BALANCE_REMINDER_DAYS.find((d) => daysLeft <= d && daysLeft > 0);
    return { due, firstKey: `solde-a-regler:${due.id}`, reminderKey: reminder === undefined ? null : `solde-rappel:${due.id}:${reminder}` };
  });
  const used = await usedDedupeKeys(
    db,
    dues.flatMap((d) => (d.reminderKey ? [d.firstKey, d.reminderKey] : [d.firstKey])),
  );
  for (const { due, firstKey, reminderKey } of dues) {
    // Both mails of this run already went: nothing to write.
    if (used.has(firstKey) && (reminderKey === null || used.has(reminderKey))) continue;
    const stay = await stayFacts(db, due.id);
    if (!stay) continue;
    const transfer = await instructions(due.id);
    const guest = { kind: 'solde-a-regler' as const, to: stay.guest.email, userId: stay.guest.id };
    // The first mail when it becomes payable; a reminder once for each of the last days (a late run catches up with one).
    if (
      await enqueueMail(db, {
        ...guest,
        dedupeKey: firstKey,
        ...balanceDueMail(site, stay, due.resteCents, transfer, false),
      })
    )
      queued += 1;
    else if (
      reminderKey !== null &&
      (await enqueueMail(db, {
        ...guest,
        dedupeKey: reminderKey,
        ...balanceDueMail(site, stay, due.resteCents, transfer, true),
      }))
    )
      queued += 1;
  }
  return queued;
}
