/**
 * When a stay is paid (issue 31, DECISIONS 34): the deposit at booking, the balance before arrival,
 * the whole stay at booking inside the balance window, and the bank transfer's deadline. The API
 * applies these rules; the checkout, the reservation page and the mails state them from the same
 * functions, with the server's settings (`GET /api/paiements/options`).
 */
import { parisMidnight } from './cancellation.js';
import { addDaysIso, todayIn } from './stay.js';

const HOUR_MS = 3_600_000;

/** `SOLDE_JOURS_AVANT_ARRIVEE` when not configured. */
export const SOLDE_JOURS_DEFAUT = 7;

/** A transfer must reach us at the latest 24 hours before the arrival day begins (00:00, Paris). */
export const VIREMENT_AVANT_ARRIVEE_HEURES = 24;

/**
 * The shortest time a guest is given to make a transfer: a SEPA transfer takes up to one business
 * day. Below it the stay is paid online (Stripe) or the transfer is refused.
 */
export const VIREMENT_DELAI_MINIMUM_HEURES = 24;

/** The day the balance falls due: `soldeJours` days before arrival (from 00:00 that day, Paris time). */
export function balanceDueDay(startDate: string, soldeJours: number): string {
  return addDaysIso(startDate, -soldeJours);
}

/** Booked on or after the balance's due day: the whole stay is paid at booking. */
export function wholeStayAtBooking(startDate: string, soldeJours: number, now: Date): boolean {
  return todayIn('Europe/Paris', now) >= balanceDueDay(startDate, soldeJours);
}

export interface Echeancier {
  /** Paid at booking: the deposit, or the whole stay. */
  acompteCents: number;
  /** Paid before arrival (0 when the whole stay is paid at booking). */
  soldeCents: number;
  /** The balance's due day (YYYY-MM-DD), null without a balance. */
  soldeDu: string | null;
  /** The whole stay is paid at booking because the arrival is inside the balance window. */
  dansLaFenetre: boolean;
}

/**
 * What is paid when, for a stay booked at `now`: the deposit the quote gives (500 €, or the total
 * when lower) at booking and the rest on the due day; the whole stay at booking when booked on or
 * after that day. Amounts in cents.
 */
export function bookingSchedule(totalCents: number, depositCents: number, startDate: string, soldeJours: number, now: Date): Echeancier {
  if (depositCents >= totalCents) return { acompteCents: totalCents, soldeCents: 0, soldeDu: null, dansLaFenetre: false };
  if (wholeStayAtBooking(startDate, soldeJours, now))
    return { acompteCents: totalCents, soldeCents: 0, soldeDu: null, dansLaFenetre: true };
  return {
    acompteCents: depositCents,
    soldeCents: totalCents - depositCents,
    soldeDu: balanceDueDay(startDate, soldeJours),
    dansLaFenetre: false,
  };
}

/** The latest instant a transfer must reach us: 24 h before the arrival day begins (Paris). */
export function latestTransferInstant(startDate: string): Date {
  const midnight = parisMidnight(startDate);
  if (!midnight) throw new RangeError(`Date invalide : ${startDate}`);
  return new Date(midnight.getTime() - VIREMENT_AVANT_ARRIVEE_HEURES * HOUR_MS);
}

/** min(booking + the transfer delay, arrival day 00:00 Paris − 24 h): never after the arrival day. */
export function transferDeadline(bookedAt: Date, startDate: string, delaiHeures: number): Date {
  return new Date(Math.min(bookedAt.getTime() + delaiHeures * HOUR_MS, latestTransferInstant(startDate).getTime()));
}

/** Whether a transfer leaves the guest at least the minimum time to pay. */
export function transferPossible(bookedAt: Date, startDate: string, delaiHeures: number): boolean {
  return transferDeadline(bookedAt, startDate, delaiHeures).getTime() - bookedAt.getTime() >= VIREMENT_DELAI_MINIMUM_HEURES * HOUR_MS;
}

/** The first arrival day for which a transfer booked at `now` is possible. */
export function firstTransferArrival(now: Date, delaiHeures: number): string {
  let day = todayIn('Europe/Paris', now);
  while (!transferPossible(now, day, delaiHeures)) day = addDaysIso(day, 1);
  return day;
}

/**
 * Why a transfer cannot pay this stay (null when it can), in French: the arrival is too close.
 * `online` says whether the guest can pay online instead (Stripe configured).
 */
export function transferRefusal(
  now: Date,
  startDate: string,
  delaiHeures: number,
  online: boolean,
  formatDay: (iso: string) => string,
): string | null {
  if (transferPossible(now, startDate, delaiHeures)) return null;
  const why = `Votre arrivée est trop proche pour un paiement par virement : il doit nous parvenir au plus tard ${VIREMENT_AVANT_ARRIVEE_HEURES} heures avant le jour d'arrivée, et un virement peut mettre ${VIREMENT_DELAI_MINIMUM_HEURES} heures à arriver.`;
  return online
    ? `${why} Payez en ligne (carte bancaire), ou choisissez une arrivée à partir du ${formatDay(firstTransferArrival(now, delaiHeures))}.`
    : `${why} Choisissez une arrivée à partir du ${formatDay(firstTransferArrival(now, delaiHeures))}.`;
}

/** Formatters the texts use (the kernel's in the browser, the mail layout's on the server). */
export interface MoneyWords {
  cents: (value: number) => string;
  day: (iso: string) => string;
}

/** The balance: when it becomes payable, by when, and how the guest will pay it. */
export function balanceSentence(soldeCents: number, exigibleLe: string, online: boolean, words: MoneyWords): string {
  const how = online
    ? 'nous vous envoyons ce jour-là par e-mail un lien de paiement sécurisé (Stripe), aussi affiché sur votre réservation'
    : `nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence, aussi affichées sur votre réservation ; le virement doit nous parvenir ${VIREMENT_AVANT_ARRIVEE_HEURES} heures avant le jour d'arrivée`;
  return `Le solde de ${words.cents(soldeCents)} est à régler à partir du ${words.day(exigibleLe)}, avant votre arrivée : ${how}.`;
}

/** What is paid at booking and what later, for a schedule computed by `bookingSchedule`. */
export function scheduleSentence(schedule: Echeancier, soldeJours: number, balanceOnline: boolean, words: MoneyWords): string {
  const total = schedule.acompteCents + schedule.soldeCents;
  if (schedule.soldeCents === 0) {
    return schedule.dansLaFenetre
      ? `La totalité du séjour (${words.cents(total)}) se règle à la réservation : le solde est dû ${soldeJours} jours avant l'arrivée, et votre arrivée est plus proche.`
      : `La totalité du séjour (${words.cents(total)}) se règle à la réservation.`;
  }
  return `Acompte de ${words.cents(schedule.acompteCents)} à la réservation. ${balanceSentence(schedule.soldeCents, schedule.soldeDu ?? '', balanceOnline, words)}`;
}

/**
 * DECISIONS 34: a stay is 'confirmée' when its deposit is received; an admin confirms one without it
 * only by giving a reason, which the books keep. The server refuses without it (400).
 */
export function confirmationNeedsReason(reservation: { paymentCompleted: boolean; paiement?: { etat: string } }): boolean {
  return !reservation.paymentCompleted && reservation.paiement !== undefined && reservation.paiement.etat !== 'aucun';
}

/** What the admin is asked before confirming without the deposit. */
export const CONFIRM_REASON_PROMPT =
  "L'acompte de cette réservation n'est pas reçu. Pour la confirmer quand même, indiquez pourquoi (gardé dans les comptes de la réservation) :";
