import { useEffect, useRef, useState } from 'react';
import { appartementsApi, type Appartement } from 'shared-kernel';

/** Spec section 9: the listing refetches every 60,000 ms. */
export const LISTING_REFRESH_MS = 60_000;

export type ListingsState =
  { status: 'loading'; list: Appartement[] } | { status: 'error'; list: Appartement[] } | { status: 'ready'; list: Appartement[] };

/**
 * Loads the apartments, then refetches them every `refreshMs` in the background: the spinner is only
 * shown for the first load, and a failed refetch keeps the list already shown. The interval is
 * cleared on unmount; a late answer of an older request never overwrites a newer one.
 * When the server wrote the list into the page, the first render shows it and the first request
 * waits for the next refresh.
 */
export function useListings(refreshMs: number = LISTING_REFRESH_MS): ListingsState {
  const [state, setState] = useState<ListingsState>(() => {
    const list = appartementsApi.listInPage();
    return list ? { status: 'ready', list } : { status: 'loading', list: [] };
  });
  const lastRequest = useRef(0);
  const fromPage = useRef(state.status === 'ready');

  useEffect(() => {
    let mounted = true;
    const load = async () => {
      const request = ++lastRequest.current;
      try {
        const list = await appartementsApi.list();
        if (mounted && request === lastRequest.current) setState({ status: 'ready', list });
      } catch {
        if (mounted && request === lastRequest.current) {
          setState((previous) => (previous.status === 'ready' ? previous : { status: 'error', list: [] }));
        }
      }
    };
    if (fromPage.current) fromPage.current = false;
    else void load();
    const timer = setInterval(() => void load(), refreshMs);
    return () => {
      mounted = false;
      clearInterval(timer);
    };
  }, [refreshMs]);

  return state;
}
