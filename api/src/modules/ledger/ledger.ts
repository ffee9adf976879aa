/**
 * The books (issue 31, DECISIONS 32): the one place that writes and reads `mouvements`. A movement is
 * recorded inside the caller's transaction, so it commits or rolls back with the change it accounts
 * for (a confirmed stay and its deposit received, a cancellation and what it writes off). Balances
 * are sums over the movements, never stored beside them.
 */
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Comptes, Mouvement, MouvementAuteur, MouvementMoyen, MouvementType } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { mouvements } from '../../db/schema.js';
import { issueDocumentFor } from '../invoices/issue.js';

type MouvementRow = typeof mouvements.$inferSelect;

export interface NewMouvement {
  reservationId: number;
  type: MouvementType;
  montantCents: number;
  moyen?: MouvementMoyen | null;
  reference?: string | null;
  /** When it took effect; now by default. */
  date?: Date;
  auteur: MouvementAuteur;
  auteurId?: number | null;
  note?: string | null;
  lienId?: number | null;
  /**
   * A key naming the fact (e.g. `recu:<checkout session id>`): recording the same fact twice records
   * it once, whoever (webhook retry, job) tries again.
   */
  cle?: string | null;
}

/** Records a movement (and issues its facture or avoir) in the caller's transaction; null when its `cle` (or its refund) is already recorded. */
export async function recordMovement(db: AppDb, movement: NewMouvement): Promise<MouvementRow | null> {
  if (!Number.isInteger(movement.montantCents) || movement.montantCents < 0)
    throw new RangeError(`Montant invalide : ${movement.montantCents}`);
  const [row] = await db
    .insert(mouvements)
    .values({
      reservationId: movement.reservationId,
      type: movement.type,
      montantCents: movement.montantCents,
      moyen: movement.moyen ?? null,
      reference: movement.reference ?? null,
      ...(movement.date ? { date: movement.date } : {}),
      auteur: movement.auteur,
      auteurId: movement.auteurId ?? null,
      note: movement.note ?? null,
      lienId: movement.lienId ?? null,
      cle: movement.cle ?? null,
    })
    .onConflictDoNothing()
    .returning();
  // Money received gets its facture, money owed back its avoir, numbered in this same transaction (DECISIONS 36).
  if (row) await issueDocumentFor(db, row);
  return row ?? null;
}

export function toApiMouvement(row: MouvementRow): Mouvement {
  return {
    id: row.id,
    reservationId: row.reservationId,
    type: row.type,
    montantCents: row.montantCents,
    moyen: row.moyen,
    reference: row.reference,
    date: row.date.toISOString(),
    auteur: row.auteur,
    note: row.note,
    lienId: row.lienId,
  };
}

/** A reservation's movements in the order they were recorded. */
export async function movementsOf(db: AppDb, reservationId: number): Promise<Mouvement[]> {
  const rows = await db.select().from(mouvements).where(eq(mouvements.reservationId, reservationId)).orderBy(asc(mouvements.id));
  return rows.map(toApiMouvement);
}

/** What the books say of one reservation: its balance and the sums the payment summary needs. */
export interface LedgerSummary {
  comptes: Comptes;
  /** Σ acompte_du: what was asked at booking (the deposit, or the whole stay). */
  acompteDuCents: number;
  /** Σ solde_du: the balance asked before arrival. */
  soldeDuCents: number;
  /** Whether any movement exists (then the reservation can never be deleted). */
  mouvements: number;
  /** ISO instant of the last refund done, null without one. */
  rembourseLe: string | null;
}

export const EMPTY_LEDGER: LedgerSummary = {
  comptes: { duCents: 0, recuCents: 0, rembourseCents: 0, resteDuCents: 0, aRembourserCents: 0 },
  acompteDuCents: 0,
  soldeDuCents: 0,
  mouvements: 0,
  rembourseLe: null,
};

const sumOf = (...types: MouvementType[]) =>
  sql<number>`coalesce(sum(${mouvements.montantCents}) filter (where ${mouvements.type} in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})), 0)::integer`;

/** The sums a summary is made of, as the columns of a query over `mouvements`. */
const totalsColumns = () => ({
  acompteDu: sumOf('acompte_du').as('acompte_du'),
  soldeDu: sumOf('solde_du').as('solde_du'),
  annule: sumOf('annulation_du').as('annule'),
  recu: sumOf('acompte_recu', 'solde_recu').as('recu'),
  rembourse: sumOf('remboursement_effectue').as('rembourse'),
  annonce: sumOf('remboursement_du').as('annonce'),
  count: sql<number>`count(*)::integer`.as('mouvements'),
  rembourseLe: sql<string | null>`max(${mouvements.date}) filter (where ${mouvements.type} = 'remboursement_effectue')`.as('rembourse_le'),
});
export type LedgerTotals = { [K in keyof ReturnType<typeof totalsColumns>]: ReturnType<typeof totalsColumns>[K]['_']['type'] };

/** A reservation's summary from its sums. */
export function summaryOfTotals(r: LedgerTotals): LedgerSummary {
  const du = r.acompteDu + r.soldeDu - r.annule;
  return {
    comptes: {
      duCents: du,
      recuCents: r.recu,
      rembourseCents: r.rembourse,
      resteDuCents: du - r.recu + r.annonce,
      aRembourserCents: r.annonce - r.rembourse,
    },
    acompteDuCents: r.acompteDu,
    soldeDuCents: r.soldeDu,
    mouvements: r.count,
    rembourseLe: r.rembourseLe === null ? null : new Date(r.rembourseLe).toISOString(),
  };
}

/**
 * The sums of the movements of the reservation `reservationId` names, as a subquery to join
 * laterally (one row, zeros without movements): a list reads its rows and their books in one
 * statement (the admin list: one read fewer a page), through `mouvements_reservation_idx`.
 */
export function ledgerTotalsOf(db: AppDb, reservationId: SQL | AnyPgColumn) {
  const livre = db
    .select(totalsColumns())
    .from(mouvements)
    .where(sql`${mouvements.reservationId} = ${reservationId}`)
    .as('livre');
  const { acompteDu, soldeDu, annule, recu, rembourse, annonce, count, rembourseLe } = livre;
  return { subquery: livre, columns: { acompteDu, soldeDu, annule, recu, rembourse, annonce, count, rembourseLe } };
}

/** The balances of these reservations, computed from their movements (one grouped query). */
export async function ledgerSummaries(db: AppDb, reservationIds: readonly number[]): Promise<Map<number, LedgerSummary>> {
  const result = new Map<number, LedgerSummary>();
  if (reservationIds.length === 0) return result;
  const rows = await db
    .select({ reservationId: mouvements.reservationId, ...totalsColumns() })
    .from(mouvements)
    // One array parameter, however long the list (an IN list would take one parameter per id).
    .where(sql`${mouvements.reservationId} = any(${`{${[...new Set(reservationIds)].map((id) => Math.trunc(id)).join(',')}}`}::int[])`)
    .groupBy(mouvements.reservationId);
  for (const { reservationId, ...totals } of rows) result.set(reservationId, summaryOfTotals(totals));
  return result;
}

export async function ledgerSummary(db: AppDb, reservationId: number): Promise<LedgerSummary> {
  return (await ledgerSummaries(db, [reservationId])).get(reservationId) ?? EMPTY_LEDGER;
}

/** Money the site holds for the stay: received, less what was refunded or is owed back. */
export function heldCents(summary: LedgerSummary): number {
  const { recuCents, rembourseCents, aRembourserCents } = summary.comptes;
  return recuCents - rembourseCents - aRembourserCents;
}

/** The deposit (what booking asked) is covered by the money held. */
export function depositPaid(summary: LedgerSummary): boolean {
  return summary.acompteDuCents > 0 && heldCents(summary) >= summary.acompteDuCents;
}
