/**
 * What an accountant takes from the books (issue 31, DECISIONS 36): every movement of a period as a
 * CSV a French spreadsheet opens as is (one row per movement: date, pièce, réservation, client,
 * type, moyen, référence, montant), and the totals of a month for the admin's 'Comptabilité'.
 * Days are read in Paris.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MOUVEMENT_LABELS,
  MOUVEMENT_MOYENS,
  MOYEN_LABELS,
  type ComptabiliteMois,
  type MouvementMoyen,
  type MouvementType,
} from 'shared-kernel/domain';
import { addDaysIso, parseIsoDate } from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { mouvements, reservations, users } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { decimalComma, frenchCsv } from '../../csv/french-csv.js';
import { declaration } from '../pricing/declaration.js';
import { transferReference } from '../payments/virement.js';

export const MAX_PERIOD_DAYS = 366;

/**
 * How each movement counts in a column of amounts: what is owed to the site and what it receives
 * count +, what it writes off, owes back and refunds count − (the type column says which is which).
 */
export const SIGN: Readonly<Record<MouvementType, 1 | -1>> = {
  acompte_du: 1,
  solde_du: 1,
  annulation_du: -1,
  acompte_recu: 1,
  solde_recu: 1,
  remboursement_du: -1,
  remboursement_effectue: -1,
};

/** `du` and `au` (YYYY-MM-DD, both included), checked; at most MAX_PERIOD_DAYS days. */
export function parseDays(du: string | undefined, au: string | undefined): { du: string; au: string } {
  if (!du || !parseIsoDate(du)) throw badRequest('La date de début (du) doit être une date valide au format AAAA-MM-JJ.');
  if (!au || !parseIsoDate(au)) throw badRequest('La date de fin (au) doit être une date valide au format AAAA-MM-JJ.');
  if (au < du) throw badRequest('La date de fin (au) doit être postérieure ou égale à la date de début (du).');
  if (addDaysIso(du, MAX_PERIOD_DAYS - 1) < au) throw badRequest(`La période ne peut pas dépasser ${MAX_PERIOD_DAYS} jours.`);
  return { du, au };
}

const parisDay = sql<string>`to_char(${mouvements.date} at time zone 'Europe/Paris', 'YYYY-MM-DD')`;

/** The movements dated from `du` to `au` (Paris days), by day then as recorded, with their reservation's guest. */
async function movementsBetween(db: AppDb, du: string, au: string) {
  return (
    db
      .select({ m: mouvements, jour: parisDay, client: users.nom })
      .from(mouvements)
      .innerJoin(reservations, eq(reservations.id, mouvements.reservationId))
      .innerJoin(users, eq(users.id, reservations.userId))
      .where(and(sql`${parisDay} >= ${du}`, sql`${parisDay} <= ${au}`))
      // A journal: by day, then in the order the entries were recorded.
      .orderBy(asc(parisDay), asc(mouvements.id))
  );
}

const frenchDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const ACCOUNTING_HEADER = ['Date', 'Pièce', 'Réservation', 'Client', 'Type', 'Moyen', 'Référence', 'Montant (€)'] as const;

/** The accounting CSV of a period. */
export async function accountingCsv(db: AppDb, period: { du: string; au: string }): Promise<string> {
  const rows = await movementsBetween(db, period.du, period.au);
  return frenchCsv(
    ACCOUNTING_HEADER,
    rows.map(({ m, jour, client }) => [
      frenchDay(jour),
      `M-${String(m.id).padStart(6, '0')}`,
      transferReference(m.reservationId),
      client,
      MOUVEMENT_LABELS[m.type],
      m.moyen ? MOYEN_LABELS[m.moyen] : '',
      m.reference ?? '',
      decimalComma(SIGN[m.type] * m.montantCents),
    ]),
  );
}

/** The month's totals for 'Comptabilité'. */
export async function monthSummary(db: AppDb, mois: string): Promise<ComptabiliteMois> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(mois)) throw badRequest('Le mois doit être au format AAAA-MM.');
  const first = `${mois}-01`;
  const [year, month] = mois.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = addDaysIso(next, -1);
  const rows = await movementsBetween(db, first, last);
  const recuParMoyen = Object.fromEntries(MOUVEMENT_MOYENS.map((m) => [m, 0])) as Record<MouvementMoyen, number>;
  let recuCents = 0;
  let rembourseCents = 0;
  for (const { m } of rows) {
    if (m.type === 'acompte_recu' || m.type === 'solde_recu') {
      recuCents += m.montantCents;
      recuParMoyen[m.moyen ?? 'autre'] += m.montantCents;
    } else if (m.type === 'remboursement_effectue') rembourseCents += m.montantCents;
  }
  // Refunds announced up to the month's end and not made by then.
  const [owed] = await db
    .select({
      cents: sql<number>`coalesce(sum(case when ${mouvements.type} = 'remboursement_du' then ${mouvements.montantCents} when ${mouvements.type} = 'remboursement_effectue' then -${mouvements.montantCents} else 0 end), 0)::integer`,
    })
    .from(mouvements)
    .where(sql`${parisDay} <= ${last}`);
  const taxe = await declaration(db, { from: first, to: next });
  return {
    mois,
    recuCents,
    rembourseCents,
    netCents: recuCents - rembourseCents,
    aRembourserCents: owed?.cents ?? 0,
    taxeSejourCents: taxe.reduce((sum, line) => sum + Math.round(line.taxe * 100), 0),
    recuParMoyen,
    mouvements: rows.length,
  };
}
