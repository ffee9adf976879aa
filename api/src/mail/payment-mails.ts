/**
 * The mails about money (issue 31, DECISIONS 35 and 37): what a cancellation refunds and how, a
 * payment not applied to a stay (to the guest and to admins), a refund made, the balance received.
 * Every sentence is read from the books at the time the mail is queued: 'en cours' until the refund
 * is made, 'effectué le …' after.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { factures, remboursements, reservations } from '../db/schema.js';
import { euros, longDate, render, type Block, type MailContent } from './layout.js';
import type { MailSite, StayFacts } from './reservation-mails.js';

const cents = (value: number) => euros(value / 100);

/** The stay's factures and avoirs as links to their PDFs (issue 31 item 7): opened with the guest's session. */
export async function invoiceBlocks(db: AppDb, site: MailSite, reservationId: number): Promise<Block[]> {
  const docs = await db
    .select({ numero: factures.numero, type: factures.type, montantCents: factures.montantCents })
    .from(factures)
    .where(eq(factures.reservationId, reservationId))
    .orderBy(asc(factures.id));
  if (docs.length === 0) return [];
  return [
    {
      p:
        docs.length > 1
          ? 'Les factures et avoirs de ce séjour (PDF, une fois connecté à votre compte) :'
          : 'La facture de ce paiement (PDF, une fois connecté à votre compte) :',
    },
    ...docs.map((d): Block => ({
      link: {
        href: `${site.siteOrigin}/api/factures/${d.numero}.pdf`,
        label: `${d.type === 'facture' ? 'Facture' : 'Avoir'} ${d.numero} (${cents(d.montantCents)})`,
      },
    })),
  ];
}

/** The refunds of a reservation not yet made, by how they go back. */
export interface RefundFacts {
  stripeCents: number;
  virementCents: number;
  ibanGiven: boolean;
}

export async function refundFacts(db: AppDb, reservationId: number): Promise<RefundFacts> {
  const rows = await db
    .select({ moyen: remboursements.moyen, montantCents: remboursements.montantCents })
    .from(remboursements)
    .where(and(eq(remboursements.reservationId, reservationId), ne(remboursements.etat, 'effectué')));
  const [stay] = await db
    .select({ iban: reservations.remboursementIban })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  return {
    stripeCents: rows.filter((r) => r.moyen === 'stripe').reduce((sum, r) => sum + r.montantCents, 0),
    virementCents: rows.filter((r) => r.moyen === 'virement').reduce((sum, r) => sum + r.montantCents, 0),
    ibanGiven: Boolean(stay?.iban),
  };
}

/** How the refunds in progress reach the guest, sentence by sentence. */
export function refundInProgress(site: MailSite, stay: StayFacts, facts: RefundFacts): Block[] {
  const blocks: Block[] = [];
  const total = facts.stripeCents + facts.virementCents;
  if (total === 0) return blocks;
  blocks.push({ p: `Remboursement en cours : ${cents(total)}. Nous vous écrirons dès qu’il sera effectué.` });
  if (facts.stripeCents > 0) {
    blocks.push({
      p: `${cents(facts.stripeCents)} sont remboursés sur la carte ou le compte utilisé pour payer en ligne : le remboursement est demandé à Stripe dès maintenant, puis votre banque le crédite, en général sous 5 à 10 jours ouvrés.`,
    });
  }
  if (facts.virementCents > 0) {
    blocks.push(
      facts.ibanGiven
        ? { p: `${cents(facts.virementCents)} vous sont remboursés par virement sur le compte que vous avez indiqué.` }
        : {
            p: `${cents(facts.virementCents)} vous sont remboursés par virement : indiquez sur votre réservation l’IBAN et le titulaire du compte à créditer. Le virement est fait dès que nous les avons.`,
          },
      { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: facts.ibanGiven ? 'Voir ma réservation' : 'Indiquer mon IBAN' } },
    );
  }
  return blocks;
}

/** The refund sentence of the cancellation mail, from what the cancellation wrote in the books. */
export function cancellationRefundBlocks(site: MailSite, stay: StayFacts, refundCents: number | null, facts: RefundFacts): Block[] {
  if (refundCents === null) return [{ p: 'Aucun paiement n’avait été reçu : vous n’avez rien à régler.' }];
  if (refundCents === 0)
    return [
      {
        p: `Selon les conditions d’annulation du logement (${stay.apartment.politiqueAnnulation}), la somme versée reste acquise : aucun remboursement n’est dû.`,
      },
    ];
  return refundInProgress(site, stay, facts);
}

export function paymentNotAppliedGuestMail(
  site: MailSite,
  stay: StayFacts,
  amountCents: number,
  facts: RefundFacts,
  invoices: Block[] = [],
): MailContent {
  return render(site.siteName, `Votre paiement pour la réservation n° ${stay.id} vous est remboursé`, `Bonjour ${stay.guest.nom},`, [
    {
      p:
        stay.status === 'annulée'
          ? `Nous avons reçu un paiement de ${cents(amountCents)} pour votre réservation « ${stay.apartment.titre} », qui était annulée : il ne s’applique à aucun séjour et vous est rendu.`
          : `Nous avons reçu un paiement de ${cents(amountCents)} pour votre réservation « ${stay.apartment.titre} » qui n’était pas attendu (déjà réglé ou d’un autre montant) : il vous est rendu.`,
    },
    ...refundInProgress(site, stay, facts),
    ...invoices,
  ]);
}

export function paymentNotAppliedAdminMail(site: MailSite, stay: StayFacts, amountCents: number, motif: string): MailContent {
  return render(site.siteName, `Paiement non appliqué : réservation n° ${stay.id}`, 'Bonjour,', [
    { p: `Un paiement${amountCents > 0 ? ` de ${cents(amountCents)}` : ''} n’a pas été appliqué au séjour : ${motif}.` },
    {
      rows: [
        ['Réservation', `n° ${stay.id}`],
        ['Logement', stay.apartment.titre],
        ['Client', `${stay.guest.nom} <${stay.guest.email}>`],
        ['Statut', stay.status],
      ],
    },
    { p: 'Les paiements en ligne sont remboursés par Stripe automatiquement ; un virement apparaît dans « Remboursements à effectuer ».' },
    { link: { href: `${site.siteOrigin}/admin/remboursements`, label: 'Remboursements à effectuer' } },
  ]);
}

export function refundDoneMail(
  site: MailSite,
  stay: StayFacts,
  refund: { montantCents: number; moyen: 'stripe' | 'virement'; effectueLe: string },
): MailContent {
  return render(site.siteName, `Remboursement effectué : réservation n° ${stay.id}`, `Bonjour ${stay.guest.nom},`, [
    {
      p:
        refund.moyen === 'stripe'
          ? `Votre remboursement de ${cents(refund.montantCents)} a été effectué le ${longDate(refund.effectueLe)} sur la carte ou le compte utilisé pour payer. Selon votre banque, il apparaît sur votre relevé sous quelques jours.`
          : `Votre remboursement de ${cents(refund.montantCents)} a été effectué le ${longDate(refund.effectueLe)} par virement sur le compte que vous avez indiqué.`,
    },
    {
      rows: [
        ['Réservation', `n° ${stay.id}`],
        ['Logement', stay.apartment.titre],
      ],
    },
    { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Voir ma réservation' } },
  ]);
}

export function balanceReceivedMail(site: MailSite, stay: StayFacts, invoices: Block[] = []): MailContent {
  return render(site.siteName, `Solde reçu : ${stay.apartment.titre}`, `Bonjour ${stay.guest.nom},`, [
    { p: `Nous avons bien reçu le solde de votre séjour à « ${stay.apartment.titre} » : il ne vous reste rien à régler.` },
    {
      rows: [
        ['Réservation', `n° ${stay.id}`],
        ['Arrivée', longDate(stay.startDate)],
        ['Total du séjour', euros(stay.totalPrice)],
      ],
    },
    ...invoices,
    { link: { href: `${site.siteOrigin}/reservation/${stay.id}`, label: 'Voir ma réservation' } },
  ]);
}
