/**
 * Reservations: the server prices every stay itself (DECISIONS 7) and the database refuses any
 * overlap of active stays (exclusion constraint, DECISIONS 8).
 */
import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { decodeImages, type PaymentMethod, type Reservation, type ReservationStatus } from 'shared-kernel/domain';
import {
  bookingSchedule,
  lastArrivalDay,
  nightsBetween,
  parseIsoDate,
  stayNights,
  todayIn,
  type Devis,
  type StayLimits,
} from 'shared-kernel/rules';
import type { AppDb } from '../../db/client.js';
import { sqlState } from '../../db/client.js';
import { appartements, avis, disponibilites, occupations, reservations, users } from '../../db/schema.js';
import { transitionRefusal } from './transitions.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { APARTMENT_NOT_FOUND, PARIS } from '../appartements/service.js';
import { pricingColumns, quoteFor, type Travellers } from '../pricing/quote.js';
import {
  depositPaid,
  ledgerSummary,
  ledgerTotalsOf,
  recordMovement,
  summaryOfTotals,
  type LedgerSummary,
  type LedgerTotals,
} from '../ledger/ledger.js';
import { paiementResume, soldeResume } from '../ledger/summary.js';
import { userSummaryColumns } from '../users/service.js';

export type ReservationRow = typeof reservations.$inferSelect;

export const DATES_TAKEN = 'Ces dates ne sont plus disponibles pour cet appartement.';
export const CANCELLED_IS_CLOSED =
  'Cette réservation est annulée et ses comptes sont arrêtés : elle ne peut pas être rétablie. Créez une nouvelle réservation.';
export const TOO_EARLY_TO_FINISH = "Une réservation ne peut être terminée qu'après la date de départ.";
const ACTIVE = ['en attente', 'confirmée'] as const;

export interface BookingRequest {
  appartementId: number;
  startDate: string;
  endDate: string;
  /** Adults and children under 18; their sum is stored as guestsCount. */
  travellers: Travellers;
  paymentMethod: PaymentMethod;
  /** End of the Stripe hold or of the transfer delay: past it, an unpaid stay is cancelled. */
  paiementEcheance: Date;
  /** SOLDE_JOURS_AVANT_ARRIVEE: the balance is payable that many days before arrival (DECISIONS 34). */
  soldeJours: number;
  /** When the guest booked (the schedule depends on it). */
  now: Date;
  /** Terms of sale accepted at checkout (issue 15). */
  cgvVersion: string;
  cgvAccepteeLe: Date;
}

type ApartmentSummary = { id: number; slug: string; titre: string; localisation: string; prixParNuit: number; images: unknown };
type UserSummary = { id: number; nom: string; email: string };

export const KEEP_IN_BOOKS = 'Cette réservation a des paiements ou un séjour : annulez-la plutôt.';

/** DECISIONS 32: only a reservation on which no money moved and whose stay has not begun may be deleted. */
export function deletable(row: Pick<ReservationRow, 'status' | 'startDate'>, ledger: LedgerSummary, today = todayIn(PARIS)): boolean {
  const begun = row.status === 'terminée' || (row.status !== 'annulée' && row.startDate <= today);
  return ledger.mouvements === 0 && !begun;
}

/**
 * The columns a reservation's payload reads, its quote aside: a list that shows no quote (the admin's)
 * selects these alone, and its rows carry no `devis`. The billing and refund details stay unread.
 */
export const listedReservationColumns = {
  id: reservations.id,
  userId: reservations.userId,
  appartementId: reservations.appartementId,
  startDate: reservations.startDate,
  endDate: reservations.endDate,
  guestsCount: reservations.guestsCount,
  adultes: reservations.adultes,
  enfants: reservations.enfants,
  totalPrice: reservations.totalPrice,
  deposit: reservations.deposit,
  remainder: reservations.remainder,
  paymentMethod: reservations.paymentMethod,
  status: reservations.status,
  paiementEcheance: reservations.paiementEcheance,
  soldeExigibleLe: reservations.soldeExigibleLe,
  cgvVersion: reservations.cgvVersion,
  cgvAccepteeLe: reservations.cgvAccepteeLe,
  createdAt: reservations.createdAt,
};
type ListedRow = Pick<ReservationRow, keyof typeof listedReservationColumns>;
/** A row read whole carries its quote; one read with `listedReservationColumns` does not. */
type PayloadRow = ListedRow & Partial<Pick<ReservationRow, 'devis'>>;

/** A reservation as the API sends it, with what its books say (`ledger`). */
export function toApiReservation(
  row: PayloadRow,
  apartment: ApartmentSummary | null,
  user: UserSummary | null,
  ledger: LedgerSummary,
  today = todayIn(PARIS),
): Reservation {
  return {
    id: row.id,
    userId: row.userId,
    appartementId: row.appartementId,
    startDate: row.startDate,
    endDate: row.endDate,
    guestsCount: row.guestsCount,
    adultes: row.adultes,
    enfants: row.enfants,
    ...('devis' in row ? { devis: publicDevis(row.devis) } : {}),
    nights: nightsBetween(row.startDate, row.endDate),
    totalPrice: Number(row.totalPrice),
    deposit: Number(row.deposit),
    remainder: Number(row.remainder),
    paymentMethod: row.paymentMethod,
    paymentCompleted: depositPaid(ledger),
    paiement: paiementResume(row, ledger),
    solde: soldeResume(row, ledger, today),
    comptes: ledger.comptes,
    supprimable: deletable(row, ledger, today),
    cgvVersion: row.cgvVersion,
    cgvAccepteeLe: row.cgvAccepteeLe?.toISOString() ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    user: user ? { id: user.id, nom: user.nom, email: user.email } : null,
    appartement: apartment
      ? {
          id: apartment.id,
          slug: apartment.slug,
          titre: apartment.titre,
          localisation: apartment.localisation,
          prixParNuit: Number(apartment.prixParNuit),
          images: decodeImages(apartment.images),
        }
      : null,
  };
}

/** The stored quote as the client sees it (the tax detail kept for the declaration stays inside). */
function publicDevis(value: unknown): Reservation['devis'] {
  if (!value || typeof value !== 'object') return null;
  const d = value as Devis;
  return { lignes: Array.isArray(d.lignes) ? d.lignes : [], total: d.total, acompte: d.acompte, reste: d.reste };
}

/** Checks the dates of a stay; returns its nights. */
export function validateStay(startDate: string, endDate: string, limits: StayLimits, today = todayIn(PARIS)): number {
  if (!parseIsoDate(startDate)) throw badRequest("La date d'arrivée doit être une date valide au format AAAA-MM-JJ.");
  if (!parseIsoDate(endDate)) throw badRequest('La date de départ doit être une date valide au format AAAA-MM-JJ.');
  if (startDate < today) throw badRequest("La date d'arrivée ne peut pas être dans le passé.");
  if (startDate > lastArrivalDay(today, limits.maxMonthsAhead)) {
    throw badRequest(`Une réservation ne peut pas commencer plus de ${limits.maxMonthsAhead} mois à l'avance.`);
  }
  if (endDate <= startDate) throw badRequest("La date de départ doit être postérieure à la date d'arrivée.");
  const nights = nightsBetween(startDate, endDate);
  if (nights > limits.maxNights) throw badRequest(`Un séjour ne peut pas dépasser ${limits.maxNights} nuits.`);
  return nights;
}

export const apartmentColumns = {
  id: appartements.id,
  slug: appartements.slug,
  titre: appartements.titre,
  localisation: appartements.localisation,
  prixParNuit: appartements.prixParNuit,
  images: appartements.images,
};

export async function createReservation(
  db: AppDb,
  user: UserSummary,
  request: BookingRequest,
  limits: StayLimits,
): Promise<{ reservation: Reservation; row: ReservationRow; titre: string }> {
  validateStay(request.startDate, request.endDate, limits);
  const [apartment] = await db
    .select({ ...apartmentColumns, ...pricingColumns, publie: appartements.publie })
    .from(appartements)
    .where(eq(appartements.id, request.appartementId))
    .limit(1);
  if (!apartment || !apartment.publie) throw notFound(APARTMENT_NOT_FOUND);
  const blocked = await db
    .select({ date: disponibilites.date })
    .from(disponibilites)
    .where(
      and(
        eq(disponibilites.appartementId, apartment.id),
        gte(disponibilites.date, request.startDate),
        lt(disponibilites.date, request.endDate),
      ),
    )
    .limit(1);
  if (blocked.length > 0) throw conflict(DATES_TAKEN);

  // The client's total is ignored: the server's quote (pricing rules, fees, taxe de séjour) is the price, and is stored with the stay.
  const devis = await quoteFor(db, apartment, request.startDate, request.endDate, request.travellers);
  // DECISIONS 34: the deposit now and the balance before arrival, or the whole stay now inside the balance window.
  const schedule = bookingSchedule(
    Math.round(devis.total * 100),
    Math.round(devis.acompte * 100),
    request.startDate,
    request.soldeJours,
    request.now,
  );
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(reservations)
        .values({
          userId: user.id,
          appartementId: apartment.id,
          startDate: request.startDate,
          endDate: request.endDate,
          guestsCount: request.travellers.adultes + request.travellers.enfants,
          adultes: request.travellers.adultes,
          enfants: request.travellers.enfants,
          devis,
          totalPrice: devis.total,
          deposit: schedule.acompteCents / 100,
          remainder: schedule.soldeCents / 100,
          // Never paid at creation: the Stripe webhook or the admin's 'Acompte reçu' records it (DECISIONS 21).
          paymentMethod: request.paymentMethod,
          paiementEcheance: request.paiementEcheance,
          soldeExigibleLe: schedule.soldeDu,
          cgvVersion: request.cgvVersion,
          cgvAccepteeLe: request.cgvAccepteeLe,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      // What the guest owes is in the books from the start, with the stay (DECISIONS 32).
      await recordMovement(tx, {
        reservationId: inserted.id,
        type: 'acompte_du',
        montantCents: schedule.acompteCents,
        auteur: 'client',
        auteurId: user.id,
        date: request.now,
      });
      if (schedule.soldeCents > 0)
        await recordMovement(tx, {
          reservationId: inserted.id,
          type: 'solde_du',
          montantCents: schedule.soldeCents,
          auteur: 'client',
          auteurId: user.id,
          date: request.now,
        });
      return inserted;
    });
    return { reservation: toApiReservation(row, apartment, user, await ledgerSummary(db, row.id)), row, titre: apartment.titre };
  } catch (error) {
    if (sqlState(error) === '23P01') throw conflict(DATES_TAKEN);
    throw error;
  }
}

/** Reservation payloads of joined rows read with their books' sums (`ledgerTotalsOf`, joined laterally). */
export function withJoinedLedgers(
  rows: { reservation: PayloadRow; apartment: ApartmentSummary | null; user: UserSummary | null; ledger: LedgerTotals }[],
): Reservation[] {
  const today = todayIn(PARIS);
  return rows.map((r) => toApiReservation(r.reservation, r.apartment, r.user, summaryOfTotals(r.ledger), today));
}

/** The caller's reservations, newest first, with the apartment and their books (summed in the same statement). */
export async function reservationsOf(db: AppDb, user: UserSummary): Promise<Reservation[]> {
  const livre = ledgerTotalsOf(db, reservations.id);
  const rows = await db
    .select({ reservation: reservations, apartment: apartmentColumns, ledger: livre.columns })
    .from(reservations)
    .leftJoin(appartements, eq(appartements.id, reservations.appartementId))
    .leftJoinLateral(livre.subquery, sql`true`)
    .where(eq(reservations.userId, user.id))
    .orderBy(desc(reservations.createdAt), desc(reservations.id));
  return withJoinedLedgers(rows.map((r) => ({ ...r, user })));
}

/**
 * A reservation whose nights are taken: pending or confirmed, and a pending one only until its
 * payment deadline. The calendar (`unavailableDays`) and the search by dates both use it.
 */
export function holdsItsNights(): SQL {
  return and(
    inArray(reservations.status, [...ACTIVE]),
    or(eq(reservations.status, 'confirmée'), isNull(reservations.paiementEcheance), gt(reservations.paiementEcheance, sql`now()`)),
  )!;
}

/** Every unavailable day from today on: blocked days (manual or imported) plus the nights of active stays (departure days stay free). */
export async function unavailableDays(db: AppDb, appartementId: number, today = todayIn(PARIS)): Promise<string[]> {
  const [blocked, stays] = await Promise.all([
    // Channel sync (issue 14): manual and imported blocks are the 'blocage' nights of `occupations`.
    db
      .select({ date: occupations.debut })
      .from(occupations)
      .where(and(eq(occupations.appartementId, appartementId), eq(occupations.genre, 'blocage'), gte(occupations.debut, today))),
    db
      .select({ startDate: reservations.startDate, endDate: reservations.endDate })
      .from(reservations)
      .where(and(eq(reservations.appartementId, appartementId), holdsItsNights(), gt(reservations.endDate, today))),
  ]);
  const days = new Set(blocked.map((b) => b.date));
  for (const stay of stays) for (const night of stayNights(stay.startDate < today ? today : stay.startDate, stay.endDate)) days.add(night);
  return [...days].sort();
}

export const RESERVATION_NOT_FOUND = 'Réservation introuvable.';

interface Caller {
  id: number;
  role: 'admin' | 'client';
}

/** A reservation with its apartment and guest, for its owner or an admin; anyone else gets a 404 (its existence is not revealed). */
export async function reservationFor(db: AppDb, caller: Caller, id: number): Promise<Reservation> {
  const [row] = await db
    .select({ reservation: reservations, apartment: apartmentColumns, user: userSummaryColumns })
    .from(reservations)
    .leftJoin(appartements, eq(appartements.id, reservations.appartementId))
    .leftJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.id, id))
    .limit(1);
  if (!row || (caller.role !== 'admin' && row.reservation.userId !== caller.id)) throw notFound(RESERVATION_NOT_FOUND);
  return toApiReservation(row.reservation, row.apartment, row.user, await ledgerSummary(db, row.reservation.id));
}

/** Whether this stay already has its review (one per reservation). */
export async function isReviewed(db: AppDb, reservationId: number): Promise<boolean> {
  const [row] = await db.select({ id: avis.id }).from(avis).where(eq(avis.reservationId, reservationId)).limit(1);
  return row !== undefined;
}

/** Refuses a status change the caller may not make (403), too early (400) or on closed books (409). */
export async function checkTransition(db: AppDb, caller: Caller, current: Reservation, status: ReservationStatus): Promise<void> {
  const refusal = transitionRefusal(caller.role, String(current.status), status);
  if (refusal) throw forbidden(refusal);
  // DECISIONS 30: finishing a stay frees its dates and opens its review, so not before the guest has left.
  if (status === 'terminée' && current.status !== 'terminée' && todayIn(PARIS) < current.endDate) throw badRequest(TOO_EARLY_TO_FINISH);
  // A cancellation closed the books (what was due written off, refunds owed): a new booking starts new ones.
  if (current.status === 'annulée' && status !== 'annulée' && (await ledgerSummary(db, current.id)).mouvements > 0)
    throw conflict(CANCELLED_IS_CLOSED);
}

/** A status change that moves no money ('en attente', 'terminée'). */
export async function setStatus(db: AppDb, id: number, status: ReservationStatus): Promise<void> {
  try {
    // Out of 'en attente', the payment deadline no longer applies.
    await db
      .update(reservations)
      .set({ status, updatedAt: new Date(), ...(status !== 'en attente' ? { paiementEcheance: null } : {}) })
      .where(eq(reservations.id, id));
  } catch (error) {
    // Re-activating a cancelled stay whose dates were taken since.
    if (sqlState(error) === '23P01') throw conflict(DATES_TAKEN);
    throw error;
  }
}
