/** How the account pages write a stay: fr-FR dates, nights, first image (spec sections 2 and 3). */
import { decodeImages, formatDateFr, formatEuro, nightsBetween, pluralize, type Reservation } from 'shared-kernel';

/** 'Du 03/12/2026 au 06/12/2026' (an unreadable date is left blank rather than breaking the page). */
export function stayRangeText(startDate: string, endDate: string): string {
  return `Du ${formatDateFr(startDate)} au ${formatDateFr(endDate)}`;
}

/** The nights of a reservation: the server's count, else computed from the dates (at least 1). */
export function stayNightsOf(reservation: Pick<Reservation, 'nights' | 'startDate' | 'endDate'>): number {
  if (Number.isFinite(reservation.nights) && reservation.nights > 0) return Math.trunc(reservation.nights);
  try {
    return nightsBetween(reservation.startDate, reservation.endDate);
  } catch {
    return 1;
  }
}

/** '1 nuit', '3 nuits' */
export function nightsText(nights: number): string {
  return pluralize(nights, 'nuit');
}

/** The first image of the reservation's apartment (a JSON string list or a list, spec section 3). */
export function firstImageOf(reservation: Pick<Reservation, 'appartement'>): string | undefined {
  return decodeImages(reservation.appartement?.images)[0];
}

/** The apartment's title, or the spec's fallback. */
export function apartmentTitleOf(reservation: Pick<Reservation, 'appartement'>): string {
  return reservation.appartement?.titre?.trim() || 'Appartement';
}

/** The apartment's location, or the spec's fallback. */
export function apartmentLocationOf(reservation: Pick<Reservation, 'appartement'>): string {
  return reservation.appartement?.localisation?.trim() || 'Adresse non spécifiée';
}

/** An amount in euros, or the fallback when the server sent none. */
export function euroOr(amount: unknown, fallback: string): string {
  return typeof amount === 'number' && Number.isFinite(amount) ? formatEuro(amount) : fallback;
}
