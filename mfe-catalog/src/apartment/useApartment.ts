import { useCallback, useEffect, useRef, useState } from 'react';
import { appartementsApi, errorStatus, type Appartement } from 'shared-kernel';

/** Spec section 8: the apartment page's load failure (also used by its reviews page). */
export const LOAD_ERROR_TEXT = 'Erreur lors du chargement des données.';

export type ApartmentState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; appartement: Appartement };

type Keyed = ApartmentState & { slug: string | undefined };

export interface ApartmentLoad {
  state: ApartmentState;
  /** Fetches the apartment again (after an edit) while the current one stays on screen. */
  reload: () => void;
}

/**
 * The apartment of a route's slug: 'loading', then 'ready', 'not-found' (HTTP 404 or no slug) or
 * 'error'. A new slug starts over; a late answer for a previous slug is ignored; a failed reload
 * keeps the apartment already shown.
 */
export function useApartment(slug: string | undefined): ApartmentLoad {
  // The apartment written into the page (server-rendered page, visitor without a session) is the
  // first render: it must match the server's HTML, and needs no request.
  const [state, setState] = useState<Keyed>(() => {
    const inPage = slug ? appartementsApi.bySlugInPage(slug) : undefined;
    return inPage ? { slug, status: 'ready', appartement: inPage } : { slug, status: 'loading' };
  });
  const [version, setVersion] = useState(0);
  const fromPage = useRef(state.status === 'ready');

  useEffect(() => {
    if (!slug) {
      setState({ slug, status: 'not-found' });
      return undefined;
    }
    if (fromPage.current) {
      fromPage.current = false;
      return undefined;
    }
    let active = true;
    appartementsApi.bySlug(slug).then(
      (appartement) => {
        if (active) setState({ slug, status: 'ready', appartement });
      },
      (error: unknown) => {
        if (!active) return;
        setState((previous) =>
          previous.slug === slug && previous.status === 'ready'
            ? previous
            : { slug, status: errorStatus(error) === 404 ? 'not-found' : 'error' },
        );
      },
    );
    return () => {
      active = false;
    };
  }, [slug, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { state: state.slug === slug ? state : { status: 'loading' }, reload };
}
