/** Nightly prices and minimum stays for the coming year (GET /api/appartements/:id/calendrier), for the calendar. */
import { useMemo, useState } from 'react';
import { addDaysIso, queries, useQuery, type JourTarif } from 'shared-kernel';
import { todayIso } from './stayRange';

/** The calendar shows a year ahead; the API serves at most 400 days. */
const DAYS_AHEAD = 365;

export function useNightlyPrices(appartementId: number): ReadonlyMap<string, JourTarif> {
  const [from] = useState(todayIso);
  // Prices under the days are a help: without them (a failed read) the calendar still works and the quote gives the price.
  const { data } = useQuery({
    ...queries.nightlyPrices(appartementId, from, addDaysIso(from, DAYS_AHEAD)),
    enabled: Boolean(appartementId),
  });
  return useMemo(() => new Map((data ?? []).map((d) => [d.date, d])), [data]);
}

/** '85 €' under a day. */
export function shortPrice(prix: number): string {
  return `${Math.round(prix)} €`;
}

/** 'Séjour minimum : 2 nuits pour une arrivée à cette date.' when an arrival is picked and more than one night is required. */
export function minimumStayHint(day: JourTarif | undefined): string | null {
  return day && day.sejourMinimum > 1 ? `Séjour minimum : ${day.sejourMinimum} nuits pour une arrivée à cette date.` : null;
}
