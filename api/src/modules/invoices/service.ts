/** A stay's invoices and credit notes, who they are made out to, and a document's content for its PDF. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { factures, reservations } from '../../db/schema.js';
import { conflict } from '../../http/errors.js';
import type { DocumentContent } from './document.js';

export const BILLING_LOCKED =
  'Une facture a déjà été émise pour ce séjour : le nom de société et l’adresse qu’elle porte ne peuvent plus changer.';

export interface InvoiceListItem {
  numero: string;
  type: 'facture' | 'avoir';
  montantCents: number;
  emiseLe: string;
  objet: string;
  url: string;
}

export interface Billing {
  societe: string | null;
  adresse: string | null;
  /** True until the stay's first invoice is issued. */
  modifiable: boolean;
}

/** The stay's documents in the order they were issued. */
export async function invoicesOf(db: AppDb, reservationId: number): Promise<InvoiceListItem[]> {
  const rows = await db.select().from(factures).where(eq(factures.reservationId, reservationId)).orderBy(asc(factures.id));
  return rows.map((f) => ({
    numero: f.numero,
    type: f.type,
    montantCents: f.montantCents,
    emiseLe: f.emiseLe.toISOString(),
    objet: (f.contenu as DocumentContent).objet,
    url: `/api/factures/${f.numero}.pdf`,
  }));
}

/** Who the stay's invoices are made out to; `issued` is how many documents it already has. */
export async function billingOf(db: AppDb, reservationId: number, issued: number): Promise<Billing> {
  const [row] = await db
    .select({ societe: reservations.facturationSociete, adresse: reservations.facturationAdresse })
    .from(reservations)
    .where(eq(reservations.id, reservationId))
    .limit(1);
  return { societe: row?.societe ?? null, adresse: row?.adresse ?? null, modifiable: issued === 0 };
}

/** Changes who the invoices are made out to, unless one was issued already (409 `BILLING_LOCKED`). */
export async function setBilling(
  db: AppDb,
  reservationId: number,
  { societe, adresse }: { societe: string | null; adresse: string | null },
): Promise<Billing> {
  return db.transaction(async (tx) => {
    // Locked against a payment being applied at this moment: its invoice takes the row's values as they commit.
    await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, reservationId)).for('update');
    const [issued] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(factures)
      .where(eq(factures.reservationId, reservationId));
    if ((issued?.n ?? 0) > 0) throw conflict(BILLING_LOCKED);
    await tx
      .update(reservations)
      .set({ facturationSociete: societe, facturationAdresse: adresse, updatedAt: new Date() })
      .where(eq(reservations.id, reservationId));
    return { societe, adresse, modifiable: true };
  });
}

/** A document's content and the guest it belongs to, by its number. */
export async function documentByNumber(
  db: AppDb,
  numero: string,
): Promise<{ contenu: DocumentContent; userId: number | null } | undefined> {
  const [row] = await db
    .select({ contenu: factures.contenu, userId: reservations.userId })
    .from(factures)
    .innerJoin(reservations, eq(reservations.id, factures.reservationId))
    .where(and(eq(factures.numero, numero)))
    .limit(1);
  return row ? { contenu: row.contenu as DocumentContent, userId: row.userId } : undefined;
}
