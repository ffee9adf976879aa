/**
 * Issue 30 item 3: the check-in instructions mailed ACCES_JOURS_AVANT_ARRIVEE days before arrival to
 * the guest of each confirmed stay, a transactional mail the guest cannot turn off. Exactly once per
 * reservation: the mail is queued and `reservations.acces_envoye_le` set in one transaction, on the
 * row locked first, so two processes or two runs never queue it twice (the dedupe key is a second
 * guard). A stay whose apartment has no instructions yet is tried again at the next run.
 */
import { and, between, eq, isNull } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { reservations } from '../db/schema.js';
import { accesOf, type AccesAppartement } from '../modules/acces/service.js';
import { longDate, parisDate, render, type Block, type MailContent } from './layout.js';
import { enqueueMail } from './queue.js';
import { checkInOutRows, stayFacts, type MailSite, type StayFacts } from './reservation-mails.js';

export function accessMail(site: MailSite, stay: StayFacts, acces: AccesAppartement): MailContent {
  const rows: Array<[string, string]> = [['Adresse', acces.adresse]];
  if (acces.codeAcces) rows.push(['Code d’accès', acces.codeAcces]);
  rows.push(...checkInOutRows(stay.apartment));
  if (acces.wifiNom) rows.push(['Wifi', acces.wifiNom]);
  if (acces.wifiMotDePasse) rows.push(['Mot de passe du wifi', acces.wifiMotDePasse]);
  const blocks: Block[] = [
    { p: `Votre séjour à « ${stay.apartment.titre} » commence ${longDate(stay.startDate)}. Voici comment entrer dans le logement.` },
    { rows },
  ];
  if (acces.instructions) blocks.push({ p: `Instructions d’arrivée : ${acces.instructions}` });
  if (acces.parking) blocks.push({ p: `Stationnement : ${acces.parking}` });
  if (acces.livret) blocks.push({ p: `Livret d’accueil : ${acces.livret}` });
  blocks.push(
    { p: 'Ces informations sont personnelles : ne les transmettez pas. Elles restent sur votre réservation.' },
    { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Voir ma réservation' } },
  );
  return render(site.siteName, `Instructions d’arrivée : ${stay.apartment.titre}`, `Bonjour ${stay.guest.nom},`, blocks);
}

/** Queues the instructions of the confirmed stays arriving within `days` days (today included); returns how many. */
export async function queueAccessMails(db: AppDb, site: MailSite, now: Date, days: number): Promise<number> {
  const due = await db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'confirmée'),
        isNull(reservations.accesEnvoyeLe),
        between(reservations.startDate, parisDate(now), parisDate(now, days)),
      ),
    );
  let queued = 0;
  for (const { id } of due) {
    const sent = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: reservations.status, sentAt: reservations.accesEnvoyeLe, appartementId: reservations.appartementId })
        .from(reservations)
        .where(eq(reservations.id, id))
        .for('update')
        .limit(1);
      if (!locked || locked.status !== 'confirmée' || locked.sentAt !== null) return false;
      const acces = await accesOf(tx, locked.appartementId);
      const stay = await stayFacts(tx, id);
      if (!acces || !stay) return false;
      await enqueueMail(tx, {
        kind: 'acces-arrivee',
        to: stay.guest.email,
        userId: stay.guest.id,
        dedupeKey: `acces-arrivee:${id}`,
        ...accessMail(site, stay, acces),
      });
      await tx.update(reservations).set({ accesEnvoyeLe: now }).where(eq(reservations.id, id));
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
