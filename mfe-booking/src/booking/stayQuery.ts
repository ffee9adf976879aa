/**
 * The stay being chosen, in the apartment page's address
 * (`?arrivee=YYYY-MM-DD&depart=YYYY-MM-DD&adultes=N&enfants=N`): the panel sends a visitor to /login
 * with it in the return address, and reads it back afterwards, so the dates and travellers survive
 * the sign-in detour. Read tolerantly: the address can be edited by hand; unusable dates are dropped
 * (the guest picks again), counts are bounded again by the panel, the server checks everything anyway.
 * An older `voyageurs=N` counts as N adults.
 */
import { parseIsoDate } from 'shared-kernel';
import { clampGuests, GUESTS_MIN } from './guests';
import type { StaySelection } from '../calendar/StayCalendar';

export interface StayTravellers {
  adultes: number;
  enfants: number;
}

export interface StayQuery {
  stay: StaySelection | null;
  travellers: StayTravellers;
}

export function stayQuery({ startDate, endDate, adultes, enfants }: { startDate: string; endDate: string } & StayTravellers): string {
  return `?${new URLSearchParams({ arrivee: startDate, depart: endDate, adultes: String(adultes), enfants: String(enfants) }).toString()}`;
}

export function readStayQuery(params: URLSearchParams, today: string): StayQuery {
  const startDate = params.get('arrivee');
  const endDate = params.get('depart');
  const adultsText = params.get('adultes') ?? params.get('voyageurs');
  const childrenText = params.get('enfants');
  const usable =
    startDate !== null &&
    endDate !== null &&
    parseIsoDate(startDate) !== null &&
    parseIsoDate(endDate) !== null &&
    endDate > startDate &&
    startDate >= today;
  return {
    stay: usable ? { startDate, endDate } : null,
    travellers: {
      adultes: adultsText === null ? GUESTS_MIN : clampGuests(adultsText),
      enfants: childrenText === null ? 0 : clampGuests(childrenText, 0),
    },
  };
}
