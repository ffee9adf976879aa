/**
 * The mails of a reservation's life: to the guest (received, confirmed with an .ics, cancelled,
 * reminder 3 days before arrival, review invitation the day after departure) and to admins (new
 * reservation, cancellation). Built from the saved reservation, queued with a dedupe key per
 * reservation, so an event published twice (a retried webhook) still gives one mail.
 */
import { eq } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { decodeRegles, type InstructionsVirement, type MailKind } from 'shared-kernel/domain';
import { balanceSentence, nightsBetween } from 'shared-kernel/rules';
import type { AppDb } from '../db/client.js';
import { appartements, remboursements, reservations, users } from '../db/schema.js';
import type { ReservationEvent } from '../modules/reservations/events.js';
import { cancellationWindows } from '../modules/payments/cancellation.js';
import { accesOf } from '../modules/acces/service.js';
import { dateTime, euros, longDate, render, type Block, type MailContent } from './layout.js';
import { enqueueMail } from './queue.js';
import type { MailAttachment } from './mailer.js';
import {
  balanceReceivedMail,
  cancellationRefundBlocks,
  invoiceBlocks,
  paymentNotAppliedAdminMail,
  paymentNotAppliedGuestMail,
  refundDoneMail,
  refundFacts,
  type RefundFacts,
} from './payment-mails.js';
import { userSummaryColumns } from '../modules/users/service.js';

/**
 * How to pay a reservation by bank transfer, when it is to be paid that way (the payment module
 * provides it; without a provider the 'received' mail has no payment section).
 */
export type PaymentInstructions = Omit<InstructionsVirement, 'echeance'> & { echeance: Date };

export type PaymentInstructionsProvider = (reservationId: number) => Promise<PaymentInstructions | null>;

export interface MailSite {
  siteName: string;
  siteOrigin: string;
  /** Issue 31: whether the balance is paid online by this reservation (a Stripe link) or by transfer. */
  balanceOnline?: (stay: StayFacts) => boolean;
  /** Issue 30: ACCES_JOURS_AVANT_ARRIVEE, the check-in instructions are mailed that many days before arrival. */
  accesJours?: number;
}

const mailWords = { cents: (value: number) => euros(value / 100), day: longDate };

/** The balance sentence of a stay that has one (DECISIONS 34), from the kernel's rule. */
export function balanceBlock(site: MailSite, stay: StayFacts): Block[] {
  if (!stay.soldeExigibleLe || stay.remainder <= 0) return [];
  return [{ p: balanceSentence(Math.round(stay.remainder * 100), stay.soldeExigibleLe, site.balanceOnline?.(stay) ?? false, mailWords) }];
}

export interface StayFacts {
  id: number;
  status: string;
  startDate: string;
  endDate: string;
  guestsCount: number;
  totalPrice: number;
  deposit: number;
  remainder: number;
  paymentMethod: string | null;
  /** The day the balance becomes payable (null without a balance). */
  soldeExigibleLe: string | null;
  /** The quote the stay was booked at (issue 27: the contract's lines), null for an older booking. */
  devis: { lignes: Array<{ libelle: string; montant: number }> } | null;
  /** The terms of sale accepted, and when. */
  cgvVersion: string | null;
  cgvAccepteeLe: Date | null;
  guest: { id: number; nom: string; email: string };
  /** Issue 30: the street address from the apartment's check-in instructions (never the codes), null when none was entered. */
  adresse: string | null;
  apartment: {
    id: number;
    titre: string;
    slug: string;
    localisation: string;
    politiqueAnnulation: string;
    arrivee: string;
    depart: string;
  };
}

export async function stayFacts(db: AppDb, reservationId: number): Promise<StayFacts | null> {
  const [row] = await db
    .select({ r: reservations, a: appartements, u: userSummaryColumns })
    .from(reservations)
    .innerJoin(appartements, eq(appartements.id, reservations.appartementId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, reservationId))
    .limit(1);
  if (!row) return null;
  const regles = decodeRegles(row.a.regles);
  return {
    id: row.r.id,
    status: row.r.status,
    startDate: row.r.startDate,
    endDate: row.r.endDate,
    guestsCount: row.r.guestsCount,
    totalPrice: Number(row.r.totalPrice),
    deposit: Number(row.r.deposit),
    remainder: Number(row.r.remainder),
    paymentMethod: row.r.paymentMethod,
    soldeExigibleLe: row.r.soldeExigibleLe,
    devis: quoteLines(row.r.devis),
    cgvVersion: row.r.cgvVersion,
    cgvAccepteeLe: row.r.cgvAccepteeLe,
    guest: row.u,
    adresse: (await accesOf(db, row.a.id))?.adresse ?? null,
    apartment: {
      id: row.a.id,
      titre: row.a.titre,
      slug: row.a.slug,
      localisation: row.a.localisation,
      politiqueAnnulation: row.a.politiqueAnnulation,
      arrivee: regles.arrivee,
      depart: regles.depart,
    },
  };
}

/** The stored quote's lines, when it has usable ones. */
function quoteLines(devis: unknown): StayFacts['devis'] {
  const lignes = (devis as { lignes?: unknown } | null)?.lignes;
  if (!Array.isArray(lignes)) return null;
  const usable = (lignes as Array<{ libelle?: unknown; montant?: unknown } | null>).filter(
    (l): l is { libelle: string; montant: number } => typeof l?.libelle === 'string' && typeof l?.montant === 'number',
  );
  return usable.length > 0 ? { lignes: usable } : null;
}

const METHOD_WORDS: Record<string, string> = {
  card: 'carte bancaire',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  virement: 'virement bancaire',
};

/**
 * The contract of the stay on a durable medium (issue 27, Code de la consommation L221-13): the
 * quote's lines and total (taxe de séjour included as its own line), what is paid when and how, the
 * cancellation window as a date, the terms of sale accepted, the apartment's check-in and check-out
 * times. Every figure comes from the saved reservation and the kernel's rules.
 */
export function contractBlocks(site: MailSite, stay: StayFacts): Block[] {
  const method = stay.paymentMethod ? METHOD_WORDS[stay.paymentMethod] : undefined;
  const lines: Array<[string, string]> = (stay.devis?.lignes ?? []).map((l) => [l.libelle, euros(l.montant)]);
  const money: Array<[string, string]> =
    stay.remainder > 0
      ? [
          [`Acompte à la réservation${method ? ` (${method})` : ''}`, euros(stay.deposit)],
          [
            stay.soldeExigibleLe
              ? `Solde à régler à partir du ${longDate(stay.soldeExigibleLe)}, avant l’arrivée`
              : 'Solde avant l’arrivée',
            euros(stay.remainder),
          ],
        ]
      : [[`À régler à la réservation${method ? ` (${method})` : ''}`, euros(stay.deposit)]];
  return [
    { rows: [...lines, ['Total du séjour', euros(stay.totalPrice)], ...money] },
    ...balanceBlock(site, stay),
    { p: cancellationSentence(stay) },
    { rows: checkInOutRows(stay.apartment) },
    {
      link: {
        href: `${site.siteOrigin}/cgv`,
        label: stay.cgvVersion
          ? `Conditions générales de vente, version ${stay.cgvVersion}${stay.cgvAccepteeLe ? ` acceptée le ${dateTime(stay.cgvAccepteeLe)}` : ''}`
          : 'Conditions générales de vente',
      },
    },
  ];
}

/** The apartment's policy with its windows as dates and times (Paris), from the rule the cancellation applies. */
export function cancellationSentence(stay: StayFacts): string {
  const [first] = cancellationWindows(stay.apartment.politiqueAnnulation, stay.startDate);
  if (!first?.jusquau) return 'Conditions d’annulation : voir votre réservation.';
  const share =
    first.remboursementAcomptePourcent === 100
      ? 'l’acompte vous est remboursé en totalité'
      : `${first.remboursementAcomptePourcent} % de l’acompte vous est remboursé`;
  return `Annulation (politique « ${stay.apartment.politiqueAnnulation} ») : jusqu’au ${dateTime(first.jusquau)}, ${share} ; après, l’acompte n’est pas remboursé.`;
}

function stayRows(stay: StayFacts): Array<[string, string]> {
  const nights = nightsBetween(stay.startDate, stay.endDate);
  return [
    ['Réservation', `n° ${stay.id}`],
    ['Logement', stay.apartment.titre],
    ['Arrivée', longDate(stay.startDate)],
    ['Départ', longDate(stay.endDate)],
    ['Durée', `${nights} nuit${nights > 1 ? 's' : ''}`],
    ['Voyageurs', String(stay.guestsCount)],
  ];
}

/**
 * The apartment's own check-in and check-out times, as its rules word them ('15:00 - 00:00',
 * 'avant 11:00'): labelled, never prefixed, so 'avant' is never written twice.
 */
export function checkInOutRows(apartment: { arrivee: string; depart: string }): Array<[string, string]> {
  return [
    ['Heure d’arrivée', apartment.arrivee],
    ['Heure de départ', apartment.depart],
  ];
}
const checkInOutSentence = (apartment: { arrivee: string; depart: string }) =>
  checkInOutRows(apartment)
    .map(([label, value]) => `${label} : ${value}.`)
    .join(' ');

const reservationLink = (site: MailSite, stay: StayFacts): Block => ({
  link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Voir ma réservation' },
});
const greeting = (stay: StayFacts) => `Bonjour ${stay.guest.nom},`;

/** The transfer to make: amount, account, reference and deadline; demo details say not to pay. */
export function transferBlocks(payment: PaymentInstructions): Block[] {
  return [
    {
      rows: [
        ['Montant', euros(payment.montantCents / 100)],
        ['Titulaire du compte', payment.titulaire],
        ['IBAN', payment.iban],
        ['BIC', payment.bic],
        ['Référence à indiquer', payment.reference],
        ['À régler avant le', dateTime(payment.echeance)],
      ],
    },
    ...(payment.exemple
      ? [{ p: 'Attention : ces coordonnées bancaires sont un exemple de démonstration. N’effectuez aucun virement.' }]
      : []),
  ];
}

export function receivedMail(site: MailSite, stay: StayFacts, payment: PaymentInstructions | null): MailContent {
  const blocks: Block[] = [
    { p: `Nous avons bien reçu votre demande de réservation pour « ${stay.apartment.titre} ».` },
    { rows: [...stayRows(stay), ['Localisation', stay.apartment.localisation]] },
    ...contractBlocks(site, stay),
  ];
  if (payment) {
    blocks.push(
      {
        p: `Pour confirmer votre réservation, réglez ${payment.objet === 'séjour' ? 'la totalité du séjour' : 'l’acompte'} par virement bancaire :`,
      },
      ...transferBlocks(payment),
      { p: 'Sans virement reçu à cette date, la réservation est annulée et les dates sont libérées.' },
    );
  } else {
    blocks.push({ p: 'Vous recevrez un e-mail dès que votre réservation sera confirmée.' });
  }
  blocks.push(reservationLink(site, stay));
  return render(site.siteName, `Réservation reçue : ${stay.apartment.titre}`, greeting(stay), blocks);
}

/** A confirmed stay's street address (issue 30), else the apartment's area. Never the access codes. */
function placeRow(stay: StayFacts): [string, string] {
  return stay.adresse ? ['Adresse', stay.adresse] : ['Localisation', stay.apartment.localisation];
}

const accesDelay = (site: MailSite) => {
  const days = site.accesJours ?? 2;
  return `${days} jour${days > 1 ? 's' : ''}`;
};

export function confirmedMail(site: MailSite, stay: StayFacts, invoices: Block[] = []): MailContent {
  return render(site.siteName, `Réservation confirmée : ${stay.apartment.titre}`, greeting(stay), [
    { p: `Bonne nouvelle : votre réservation pour « ${stay.apartment.titre} » est confirmée.` },
    { rows: [...stayRows(stay), placeRow(stay)] },
    ...contractBlocks(site, stay),
    {
      // Promised only when the apartment has its instructions: the mail-acces job sends nothing without them.
      p: stay.adresse
        ? `Nous vous enverrons les instructions d’arrivée (accès, wifi, stationnement) ${accesDelay(site)} avant votre arrivée ; elles sont aussi sur votre réservation. Le fichier joint ajoute le séjour à votre agenda.`
        : 'Notre équipe vous donnera les informations d’arrivée avant votre séjour, par e-mail ou par la messagerie du site. Le fichier joint ajoute le séjour à votre agenda.',
    },
    ...invoices,
    reservationLink(site, stay),
  ]);
}

/**
 * The stay as an all-day calendar event (arrival to departure day). The stay's dates are already
 * days of Europe/Paris: they are handed over as UTC midnights, which ical-generator writes back as
 * the same dates whatever the server's own zone (local midnights gave the day before under
 * TZ=Europe/Paris). METHOD:PUBLISH matches the attachment's `method=PUBLISH` (RFC 6047).
 */
export function stayCalendar(site: MailSite, stay: StayFacts): MailAttachment {
  const calendar = ical({
    name: site.siteName,
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: site.siteName, product: 'reservations', language: 'FR' },
  });
  calendar.createEvent({
    id: `reservation-${stay.id}@${new URL(site.siteOrigin).hostname}`,
    start: utcDay(stay.startDate),
    end: utcDay(stay.endDate),
    allDay: true,
    summary: `Séjour : ${stay.apartment.titre}`,
    location: stay.apartment.localisation,
    description: `Réservation n° ${stay.id}. ${checkInOutSentence(stay.apartment)}`,
    url: `${site.siteOrigin}/reservation/${stay.id}`,
  });
  return { filename: `sejour-${stay.id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar.toString() };
}

const utcDay = (isoDay: string): Date => new Date(`${isoDay}T00:00:00Z`);

export type Canceller = Extract<ReservationEvent, { type: 'annulée' }>['par'];

export function cancelledMail(
  site: MailSite,
  stay: StayFacts,
  par: Canceller,
  refundCents: number | null,
  refunds: RefundFacts,
  invoices: Block[] = [],
): MailContent {
  const who =
    par === 'client'
      ? 'Vous avez annulé votre réservation'
      : par === 'admin'
        ? 'Notre équipe a annulé votre réservation'
        : 'Votre réservation a été annulée automatiquement, faute de paiement dans le délai,';
  return render(site.siteName, `Réservation annulée : ${stay.apartment.titre}`, greeting(stay), [
    { p: `${who} pour « ${stay.apartment.titre} ».` },
    { rows: stayRows(stay) },
    ...cancellationRefundBlocks(site, stay, refundCents, refunds),
    ...invoices,
    reservationLink(site, stay),
  ]);
}

export function reminderMail(site: MailSite, stay: StayFacts): MailContent {
  return render(site.siteName, `Votre séjour commence bientôt : ${stay.apartment.titre}`, greeting(stay), [
    { p: `Votre séjour à « ${stay.apartment.titre} » commence ${longDate(stay.startDate)}. Voici de quoi préparer votre arrivée.` },
    { rows: [placeRow(stay), ...checkInOutRows(stay.apartment), ['Voyageurs', String(stay.guestsCount)]] },
    { p: 'Une question ? Répondez depuis la messagerie du site, notre équipe vous répond rapidement.' },
    reservationLink(site, stay),
  ]);
}

export function reviewInvitationMail(site: MailSite, stay: StayFacts): MailContent {
  return render(site.siteName, `Votre avis sur « ${stay.apartment.titre} »`, greeting(stay), [
    { p: `Merci d’avoir séjourné à « ${stay.apartment.titre} ». Comment s’est passé votre séjour ?` },
    { p: 'Votre avis aide les prochains voyageurs et notre équipe. Il ne prend qu’une minute.' },
    { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Donner mon avis' } },
  ]);
}

function adminMail(site: MailSite, subject: string, intro: string, stay: StayFacts): MailContent {
  return render(site.siteName, subject, 'Bonjour,', [
    { p: intro },
    { rows: [...stayRows(stay), ['Client', `${stay.guest.nom} <${stay.guest.email}>`], ['Total', euros(stay.totalPrice)]] },
    { link: { href: `${site.siteOrigin}/admin/reservations`, label: 'Gérer les réservations' } },
  ]);
}

export async function admins(db: AppDb): Promise<Array<{ id: number; email: string }>> {
  return db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'admin'));
}

/**
 * Queues one mail per admin (each admin's preferences apply). `about`: the address of the person the
 * notice names, so that erasing their account erases it too.
 */
export async function queueForAdmins(
  db: AppDb,
  kind: MailKind,
  key: string,
  content: MailContent,
  options: { attachments?: MailAttachment[]; about?: string } = {},
): Promise<void> {
  for (const admin of await admins(db)) {
    await enqueueMail(db, {
      kind,
      to: admin.email,
      userId: admin.id,
      dedupeKey: `${key}:${admin.id}`,
      ...content,
      ...(options.attachments ? { attachments: options.attachments } : {}),
      ...(options.about ? { about: options.about } : {}),
    });
  }
}

/** The reaction to a reservation event: the guest's mail and the admins'. */
export function reservationMailListener(ownDb: AppDb, site: MailSite, payments: PaymentInstructionsProvider) {
  // Published inside a payment's transaction, the mails are queued in it: they commit with the movement.
  return async (event: ReservationEvent, inTransaction?: AppDb): Promise<void> => {
    const db = inTransaction ?? ownDb;
    if (event.type === 'terminée') return; // the review invitation is sent by its daily job
    const stay = await stayFacts(db, event.reservationId);
    if (!stay) return;
    const guest = { to: stay.guest.email, userId: stay.guest.id };
    switch (event.type) {
      case 'reçue':
        await enqueueMail(db, {
          kind: 'reservation-recue',
          ...guest,
          dedupeKey: `reservation-recue:${stay.id}`,
          ...receivedMail(site, stay, await payments(stay.id)),
        });
        await queueForAdmins(
          db,
          'admin-nouvelle-reservation',
          `admin-nouvelle-reservation:${stay.id}`,
          adminMail(
            site,
            `Nouvelle réservation n° ${stay.id} : ${stay.apartment.titre}`,
            `${stay.guest.nom} a réservé « ${stay.apartment.titre} ».`,
            stay,
          ),
          { about: stay.guest.email },
        );
        return;
      case 'confirmée':
        await enqueueMail(db, {
          kind: 'reservation-confirmee',
          ...guest,
          dedupeKey: `reservation-confirmee:${stay.id}`,
          ...confirmedMail(site, stay, await invoiceBlocks(db, site, stay.id)),
          attachments: [stayCalendar(site, stay)],
        });
        return;
      case 'annulée': {
        await enqueueMail(db, {
          kind: 'reservation-annulee',
          ...guest,
          dedupeKey: `reservation-annulee:${stay.id}`,
          ...cancelledMail(
            site,
            stay,
            event.par,
            event.remboursementCents,
            await refundFacts(db, stay.id),
            await invoiceBlocks(db, site, stay.id),
          ),
        });
        const by =
          event.par === 'client'
            ? 'par le client'
            : event.par === 'admin'
              ? 'par un administrateur'
              : 'automatiquement (paiement non reçu)';
        await queueForAdmins(
          db,
          'admin-annulation',
          `admin-annulation:${stay.id}`,
          adminMail(
            site,
            `Réservation n° ${stay.id} annulée : ${stay.apartment.titre}`,
            `La réservation de ${stay.guest.nom} a été annulée ${by}.`,
            stay,
          ),
          { about: stay.guest.email },
        );
        return;
      }
      case 'solde reçu':
        await enqueueMail(db, {
          kind: 'paiement',
          ...guest,
          dedupeKey: `solde-recu:${stay.id}`,
          ...balanceReceivedMail(site, stay, await invoiceBlocks(db, site, stay.id)),
        });
        return;
      case 'paiement non appliqué': {
        const key = `paiement-non-applique:${stay.id}:${event.montantCents}:${event.motif}`;
        if (event.montantCents > 0)
          await enqueueMail(db, {
            kind: 'paiement',
            ...guest,
            dedupeKey: key,
            ...paymentNotAppliedGuestMail(
              site,
              stay,
              event.montantCents,
              await refundFacts(db, stay.id),
              await invoiceBlocks(db, site, stay.id),
            ),
          });
        await queueForAdmins(
          db,
          'admin-paiement',
          `admin-${key}`,
          paymentNotAppliedAdminMail(site, stay, event.montantCents, event.motif),
          { about: stay.guest.email },
        );
        return;
      }
      case 'remboursement effectué': {
        const [refund] = await db.select().from(remboursements).where(eq(remboursements.id, event.remboursementId)).limit(1);
        if (!refund?.effectueLe) return;
        await enqueueMail(db, {
          kind: 'remboursement',
          ...guest,
          dedupeKey: `remboursement-effectue:${refund.id}`,
          ...refundDoneMail(site, stay, { montantCents: refund.montantCents, moyen: refund.moyen, effectueLe: refund.effectueLe }),
        });
        return;
      }
    }
  };
}
