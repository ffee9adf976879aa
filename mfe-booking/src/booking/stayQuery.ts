/**
 * The stay being chosen, in the apartment page's address (`?arrivee=YYYY-MM-DD&depart=YYYY-MM-DD&voyageurs=N`):
 * the panel sends a visitor to /login with it in the return address, and reads it back afterwards,
 * so the dates and travellers survive the sign-in detour. Read tolerantly: the address can be edited
 * by hand; unusable dates are dropped (the guest picks again), the server checks everything anyway.
 */
import { parseIsoDate } from 'shared-kernel';
import { clampGuests, GUESTS_MIN } from './guests';
import type { StaySelection } from '../calendar/StayCalendar';

export interface StayQuery {
  stay: StaySelection | null;
  guests: number;
}

export function stayQuery({ startDate, endDate, guests }: { startDate: string; endDate: string; guests: number }): string {
  return `?${new URLSearchParams({ arrivee: startDate, depart: endDate, voyageurs: String(guests) }).toString()}`;
}

export function readStayQuery(params: URLSearchParams, today: string): StayQuery {
  const startDate = params.get('arrivee');
  const endDate = params.get('depart');
  const guestsText = params.get('voyageurs');
  const usable = startDate !== null && endDate !== null && parseIsoDate(startDate) !== null && parseIsoDate(endDate) !== null && endDate > startDate && startDate >= today;
  return {
    stay: usable ? { startDate, endDate } : null,
    // The panel's select bounds it again by the apartment's capacity.
    guests: guestsText === null ? GUESTS_MIN : clampGuests(guestsText),
  };
}
