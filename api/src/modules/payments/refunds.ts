/**
 * Refunds that are announced are executed (issue 31, DECISIONS 35). Owing one writes a
 * `remboursement_du` movement and a `remboursements` row in the caller's transaction, spread over what
 * was received: Stripe payments go back through the Refunds API (asked after the commit, again by a
 * job until Stripe answers), everything else by a transfer an admin makes to the IBAN the guest gave.
 * The refund is done — `remboursement_effectue` — when Stripe's webhook says so, or when the admin
 * marks the transfer made with its date and reference.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { MouvementAuteur, Remboursement } from 'shared-kernel/domain';
import { parisMidnight } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { mouvements, remboursements, reservations, users } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordMovement } from '../ledger/ledger.js';
import type { ReservationEvents } from '../reservations/events.js';
import type { AfterCommit } from './after-commit.js';
import { userSummaryColumns } from '../users/service.js';

export type RemboursementRow = typeof remboursements.$inferSelect;

export const REFUND_NOT_FOUND = 'Remboursement introuvable.';
export const REFUND_ALREADY_DONE = 'Ce remboursement est déjà marqué effectué.';
export const REFUND_AT_STRIPE = 'Ce remboursement passe par Stripe : il sera marqué effectué dès que Stripe le confirme.';
export const REFUND_NEEDS_IBAN = "Le client n'a pas encore indiqué l'IBAN où le rembourser : il ne peut pas être marqué effectué.";

interface Author {
  auteur: MouvementAuteur;
  auteurId?: number | null;
  note?: string | null;
}

/**
 * Owes `amountCents` back on a reservation, in the caller's transaction: Stripe payments first (each
 * payment intent up to what it brought and was not already refunded), the rest by transfer.
 */
export async function oweRefund(tx: AppDb, reservationId: number, amountCents: number, author: Author): Promise<RemboursementRow[]> {
  if (amountCents <= 0) return [];
  const receipts = await tx
    .select({ montantCents: mouvements.montantCents, moyen: mouvements.moyen, reference: mouvements.reference })
    .from(mouvements)
    .where(and(eq(mouvements.reservationId, reservationId), inArray(mouvements.type, ['acompte_recu', 'solde_recu'])))
    .orderBy(desc(mouvements.id));
  const owed = await tx
    .select({ montantCents: remboursements.montantCents, intent: remboursements.stripePaymentIntentId })
    .from(remboursements)
    .where(and(eq(remboursements.reservationId, reservationId), eq(remboursements.moyen, 'stripe')));
  const left = new Map<string, number>();
  for (const r of receipts) if (r.moyen === 'stripe' && r.reference) left.set(r.reference, (left.get(r.reference) ?? 0) + r.montantCents);
  for (const o of owed) if (o.intent) left.set(o.intent, (left.get(o.intent) ?? 0) - o.montantCents);

  const plan: Array<{ moyen: 'stripe' | 'virement'; intent: string | null; cents: number }> = [];
  let remaining = amountCents;
  for (const [intent, available] of left) {
    if (remaining <= 0) break;
    const cents = Math.min(available, remaining);
    if (cents <= 0) continue;
    plan.push({ moyen: 'stripe', intent, cents });
    remaining -= cents;
  }
  if (remaining > 0) plan.push({ moyen: 'virement', intent: null, cents: remaining });

  const rows: RemboursementRow[] = [];
  for (const part of plan) {
    const due = await recordMovement(tx, {
      reservationId,
      type: 'remboursement_du',
      montantCents: part.cents,
      moyen: part.moyen,
      reference: part.intent,
      auteur: author.auteur,
      auteurId: author.auteurId ?? null,
      note: author.note ?? null,
    });
    if (!due) throw new Error('remboursement_du non enregistré');
    const [row] = await tx
      .insert(remboursements)
      .values({
        reservationId,
        mouvementId: due.id,
        moyen: part.moyen,
        montantCents: part.cents,
        etat: 'à effectuer',
        stripePaymentIntentId: part.intent,
      })
      .returning();
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * Marks a refund done and writes its `remboursement_effectue` (once: the row is claimed by a
 * conditional update, and the movement is unique per refund owed). True when this call settled it.
 */
export async function settleRefund(
  tx: AppDb,
  row: RemboursementRow,
  done: { day: string; reference: string | null } & Author,
  after: AfterCommit,
  events: ReservationEvents,
): Promise<boolean> {
  const [claimed] = await tx
    .update(remboursements)
    .set({ etat: 'effectué', effectueLe: done.day, reference: done.reference, derniereErreur: null, updatedAt: new Date() })
    .where(and(eq(remboursements.id, row.id), ne(remboursements.etat, 'effectué')))
    .returning();
  if (!claimed) return false;
  await recordMovement(tx, {
    reservationId: row.reservationId,
    type: 'remboursement_effectue',
    montantCents: row.montantCents,
    moyen: row.moyen,
    reference: done.reference,
    date: parisMidnight(done.day) ?? new Date(),
    auteur: done.auteur,
    auteurId: done.auteurId ?? null,
    note: done.note ?? null,
    lienId: row.mouvementId,
  });
  await events.publishIn(tx, { type: 'remboursement effectué', reservationId: row.reservationId, remboursementId: row.id });
  return true;
}

export interface StripeRefunder {
  /** Asks Stripe for every Stripe refund still 'à effectuer' (or only these ids); returns how many Stripe accepted. */
  request(ids?: number[]): Promise<number>;
}

export function createStripeRefunder(db: AppDb, stripe: Stripe | null, log: (error: unknown, what: string) => void): StripeRefunder {
  return {
    async request(ids) {
      if (!stripe) return 0;
      const rows = await db
        .select()
        .from(remboursements)
        .where(
          and(
            eq(remboursements.moyen, 'stripe'),
            eq(remboursements.etat, 'à effectuer'),
            ...(ids ? [inArray(remboursements.id, ids.length ? ids : [0])] : []),
          ),
        )
        .orderBy(asc(remboursements.id));
      let accepted = 0;
      for (const row of rows) {
        if (!row.stripePaymentIntentId) continue;
        try {
          // The key is the row: asked again after a crash or a timeout, Stripe answers the same refund.
          const refund = await stripe.refunds.create(
            {
              payment_intent: row.stripePaymentIntentId,
              amount: row.montantCents,
              metadata: { reservationId: String(row.reservationId), remboursementId: String(row.id) },
            },
            { idempotencyKey: `refund-${row.id}` },
          );
          const failed = refund.status === 'failed' || refund.status === 'canceled';
          await db
            .update(remboursements)
            .set({
              etat: failed ? 'échec' : 'demandé',
              stripeRefundId: refund.id,
              derniereErreur: failed ? (refund.failure_reason ?? 'refus de Stripe') : null,
              updatedAt: new Date(),
            })
            .where(and(eq(remboursements.id, row.id), eq(remboursements.etat, 'à effectuer')));
          if (!failed) accepted += 1;
        } catch (error) {
          log(error, 'remboursement Stripe');
          await db
            .update(remboursements)
            .set({ derniereErreur: error instanceof Error ? error.message.slice(0, 500) : 'erreur Stripe', updatedAt: new Date() })
            .where(eq(remboursements.id, row.id));
        }
      }
      return accepted;
    },
  };
}

const todayParis = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);

async function refundRowForStripe(tx: AppDb, refund: Pick<Stripe.Refund, 'id' | 'metadata'>): Promise<RemboursementRow | undefined> {
  const [byId] = await tx.select().from(remboursements).where(eq(remboursements.stripeRefundId, refund.id)).for('update').limit(1);
  if (byId) return byId;
  // The webhook can overtake our own record of the refund id: the metadata names the row.
  const ownId = Number(refund.metadata?.['remboursementId']);
  if (!Number.isInteger(ownId) || ownId <= 0) return undefined;
  const [byMeta] = await tx
    .select()
    .from(remboursements)
    .where(and(eq(remboursements.id, ownId), eq(remboursements.moyen, 'stripe')))
    .for('update')
    .limit(1);
  return byMeta;
}

/** `refund.created` / `refund.updated`: done when it succeeded, failed (then listed for the admin) otherwise. */
export async function onStripeRefund(tx: AppDb, refund: Stripe.Refund, after: AfterCommit, events: ReservationEvents): Promise<void> {
  const row = await refundRowForStripe(tx, refund);
  if (!row) return;
  if (refund.status === 'succeeded') {
    if (!row.stripeRefundId) await tx.update(remboursements).set({ stripeRefundId: refund.id }).where(eq(remboursements.id, row.id));
    await settleRefund(tx, row, { day: todayParis(), reference: refund.id, auteur: 'stripe' }, after, events);
  } else if ((refund.status === 'failed' || refund.status === 'canceled') && row.etat !== 'effectué') {
    await tx
      .update(remboursements)
      .set({
        etat: 'échec',
        stripeRefundId: refund.id,
        derniereErreur: refund.failure_reason ?? `remboursement ${refund.status}`,
        updatedAt: new Date(),
      })
      .where(eq(remboursements.id, row.id));
    await events.publishIn(tx, {
      type: 'paiement non appliqué',
      reservationId: row.reservationId,
      montantCents: row.montantCents,
      motif: `le remboursement Stripe ${refund.id} a échoué (${refund.failure_reason ?? refund.status}) : à rembourser autrement`,
    });
  }
}

/**
 * `charge.refunded`: the refunds it lists are done; without the list, our refunds of that payment
 * intent are done up to the amount the charge says was refunded, oldest first.
 */
export async function onChargeRefunded(tx: AppDb, charge: Stripe.Charge, after: AfterCommit, events: ReservationEvents): Promise<void> {
  const listed = charge.refunds?.data ?? [];
  if (listed.length > 0) {
    for (const refund of listed) await onStripeRefund(tx, refund, after, events);
    return;
  }
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!intent) return;
  const rows = await tx
    .select()
    .from(remboursements)
    .where(and(eq(remboursements.moyen, 'stripe'), eq(remboursements.stripePaymentIntentId, intent)))
    .orderBy(asc(remboursements.id))
    .for('update');
  let covered = charge.amount_refunded;
  for (const row of rows) {
    if (row.etat === 'effectué') {
      covered -= row.montantCents;
      continue;
    }
    if (row.etat !== 'demandé' || covered < row.montantCents) break;
    covered -= row.montantCents;
    await settleRefund(tx, row, { day: todayParis(), reference: row.stripeRefundId, auteur: 'stripe' }, after, events);
  }
}

/** What admins read of a refund (the kernel's `Remboursement`). */
export type AdminRefund = Remboursement;

/** Admin: the refunds not yet done (oldest first), or all of them. */
export async function listRefunds(db: AppDb, all: boolean): Promise<AdminRefund[]> {
  const rows = await db
    .select({
      r: remboursements,
      iban: reservations.remboursementIban,
      titulaire: reservations.remboursementTitulaire,
      client: userSummaryColumns,
    })
    .from(remboursements)
    .innerJoin(reservations, eq(reservations.id, remboursements.reservationId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(all ? sql`true` : ne(remboursements.etat, 'effectué'))
    .orderBy(all ? desc(remboursements.id) : asc(remboursements.id));
  return rows.map(({ r, iban, titulaire, client }) => ({
    id: r.id,
    reservationId: r.reservationId,
    montantCents: r.montantCents,
    moyen: r.moyen,
    etat: r.etat,
    iban: r.moyen === 'virement' ? iban : null,
    titulaire: r.moyen === 'virement' ? titulaire : null,
    client,
    creeLe: r.createdAt.toISOString(),
    effectueLe: r.effectueLe,
    reference: r.reference,
    erreur: r.derniereErreur,
  }));
}

/** Admin: a transfer refund (or a Stripe refund that failed) was made, on `day`, with the bank's reference. */
export async function markRefundDone(
  db: AppDb,
  id: number,
  done: { day: string; reference: string; adminId: number },
  after: AfterCommit,
  events: ReservationEvents,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(remboursements).where(eq(remboursements.id, id)).for('update').limit(1);
    if (!row) throw notFound(REFUND_NOT_FOUND);
    if (row.etat === 'effectué') throw conflict(REFUND_ALREADY_DONE);
    if (row.moyen === 'stripe' && row.etat !== 'échec') throw conflict(REFUND_AT_STRIPE);
    if (row.moyen === 'virement') {
      const [stay] = await tx
        .select({ iban: reservations.remboursementIban })
        .from(reservations)
        .where(eq(reservations.id, row.reservationId))
        .limit(1);
      if (!stay?.iban) throw conflict(REFUND_NEEDS_IBAN);
    }
    await settleRefund(tx, row, { day: done.day, reference: done.reference, auteur: 'admin', auteurId: done.adminId }, after, events);
  });
}

/** Whether the reservation has a transfer refund not yet made (then the guest may give an IBAN). */
export async function awaitsTransferRefund(db: AppDb, reservationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: remboursements.id })
    .from(remboursements)
    .where(
      and(
        eq(remboursements.reservationId, reservationId),
        ne(remboursements.etat, 'effectué'),
        sql`(${remboursements.moyen} = 'virement' or ${remboursements.etat} = 'échec')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
