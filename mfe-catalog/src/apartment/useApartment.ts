import { useCallback } from 'react';
import { errorStatus, queries, useQuery, type Appartement } from 'shared-kernel';

/** Spec section 8: the apartment page's load failure (also used by its reviews page). */
export const LOAD_ERROR_TEXT = 'Erreur lors du chargement des données.';

export type ApartmentState =
  { status: 'loading' } | { status: 'not-found' } | { status: 'error' } | { status: 'ready'; appartement: Appartement };

export interface ApartmentLoad {
  state: ApartmentState;
  /** Fetches the apartment again (after an edit) while the current one stays on screen. */
  reload: () => void;
}

/**
 * The apartment of a route's slug (`queries.apartment`; on a server-rendered page the cache holds it
 * already): 'loading', then 'ready', 'not-found' (HTTP 404 or no slug) or 'error'. A new slug starts
 * over; a failed reload keeps the apartment already shown.
 */
export function useApartment(slug: string | undefined): ApartmentLoad {
  const query = useQuery({ ...queries.apartment(slug ?? ''), enabled: Boolean(slug) });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (!slug) return { state: { status: 'not-found' }, reload };
  if (query.data !== undefined) return { state: { status: 'ready', appartement: query.data }, reload };
  if (query.isError && !query.isFetching) return { state: { status: errorStatus(query.error) === 404 ? 'not-found' : 'error' }, reload };
  return { state: { status: 'loading' }, reload };
}
