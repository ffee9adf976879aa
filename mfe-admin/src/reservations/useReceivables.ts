import { useCallback, useEffect, useState } from 'react';
import { addDaysIso, reservationsApi, todayIn, type Reservation } from 'shared-kernel';
import { adminApi } from '../api/adminApi';
import { NO_FILTERS, type ListFilters } from './listQuery';

/** Pages read at most for one panel (100 reservations each): the money to receive is a short list. */
const MAX_PAGES = 20;
/** The balance window when the server's settings cannot be read. */
const DEFAULT_BALANCE_DAYS = 30;

async function everyPage(filters: ListFilters): Promise<Reservation[]> {
  const list: Reservation[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await adminApi.reservationsPage({ ...filters, page, parPage: 100 });
    list.push(...answer.reservations);
    if (answer.reservations.length === 0 || list.length >= answer.total) break;
  }
  return list;
}

/**
 * What the payment panels need, whatever page of the list is shown: the stays awaiting their deposit
 * ('en attente') and the confirmed ones whose balance may be due (arriving within the balance window
 * of GET /api/paiements/options, or begun). `reload` after any change of a reservation.
 */
export function useReceivables(): { list: Reservation[]; reload: () => void } {
  const [list, setList] = useState<Reservation[]>([]);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    (async () => {
      let soldeJours = DEFAULT_BALANCE_DAYS;
      try {
        soldeJours = (await reservationsApi.paymentOptions()).soldeJoursAvantArrivee;
      } catch {
        // The settings unread: the widest balance window the server allows.
      }
      const au = addDaysIso(todayIn('Europe/Paris'), soldeJours);
      const [pending, confirmed] = await Promise.all([
        everyPage({ ...NO_FILTERS, statut: 'en attente' }),
        everyPage({ ...NO_FILTERS, statut: 'confirmée', au }),
      ]);
      if (active) setList([...pending, ...confirmed]);
    })().catch(() => undefined);
    return () => {
      active = false;
    };
  }, [attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { list, reload };
}
