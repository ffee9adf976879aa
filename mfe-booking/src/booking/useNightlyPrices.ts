/** Nightly prices and minimum stays for the coming year (GET /api/appartements/:id/calendrier), for the calendar. */
import { useEffect, useState } from 'react';
import { addDaysIso, appartementsApi, type JourTarif } from 'shared-kernel';
import { todayIso } from './stayRange';

/** The calendar shows a year ahead; the API serves at most 400 days. */
const DAYS_AHEAD = 365;

export function useNightlyPrices(appartementId: number): ReadonlyMap<string, JourTarif> {
  const [days, setDays] = useState<ReadonlyMap<string, JourTarif>>(new Map());
  useEffect(() => {
    if (!appartementId) return undefined;
    let live = true;
    const from = todayIso();
    appartementsApi.calendrier(appartementId, from, addDaysIso(from, DAYS_AHEAD)).then(
      (list) => live && setDays(new Map(list.map((d) => [d.date, d]))),
      // Prices under the days are a help: without them the calendar still works and the quote gives the price.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [appartementId]);
  return days;
}

/** '85 €' under a day. */
export function shortPrice(prix: number): string {
  return `${Math.round(prix)} €`;
}

/** 'Séjour minimum : 2 nuits pour une arrivée à cette date.' when an arrival is picked and more than one night is required. */
export function minimumStayHint(day: JourTarif | undefined): string | null {
  return day && day.sejourMinimum > 1 ? `Séjour minimum : ${day.sejourMinimum} nuits pour une arrivée à cette date.` : null;
}
