/**
 * Invoice numbers without gaps (DECISIONS 36): `F-<année>-<6 chiffres>` and `A-<année>-<6 chiffres>`.
 * The counter row of the year and kind is incremented by one upsert in the caller's transaction: the
 * row stays locked until that transaction ends, so concurrent payments take numbers one after the
 * other, and a rollback gives its number back. A PostgreSQL SEQUENCE would leave a gap on every
 * rollback (nextval() is outside transactions), which the law on invoice numbering does not allow.
 */
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { compteursFactures } from '../../db/schema.js';

export type DocumentKind = 'facture' | 'avoir';

export const PREFIXES: Record<DocumentKind, string> = { facture: 'F', avoir: 'A' };

export function documentNumber(kind: DocumentKind, year: number, rank: number): string {
  return `${PREFIXES[kind]}-${year}-${String(rank).padStart(6, '0')}`;
}

/** `F-2026-000042` → its parts; null for anything else. */
export function parseDocumentNumber(value: string): { kind: DocumentKind; year: number; rank: number } | null {
  const match = /^([FA])-(\d{4})-(\d{6})$/.exec(value);
  if (!match) return null;
  return { kind: match[1] === 'F' ? 'facture' : 'avoir', year: Number(match[2]), rank: Number(match[3]) };
}

/** The next number of that kind and year, taken in the caller's transaction (locks the counter row until it ends). */
export async function allocateNumber(tx: AppDb, kind: DocumentKind, year: number): Promise<{ rank: number; numero: string }> {
  const [row] = await tx
    .insert(compteursFactures)
    .values({ annee: year, type: kind, dernier: 1 })
    .onConflictDoUpdate({
      target: [compteursFactures.annee, compteursFactures.type],
      set: { dernier: sql`${compteursFactures.dernier} + 1` },
    })
    .returning({ dernier: compteursFactures.dernier });
  if (!row) throw new Error('compteur de factures non obtenu');
  if (row.dernier > 999_999) throw new Error(`Plus de 999 999 ${kind}s en ${year} : le format des numéros ne suffit plus.`);
  return { rank: row.dernier, numero: documentNumber(kind, year, row.dernier) };
}
