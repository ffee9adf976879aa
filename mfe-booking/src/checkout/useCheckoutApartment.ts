import { loadState, queries, useQuery, type Appartement } from 'shared-kernel';

export type ApartmentLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; appartement: Appartement };

/** The apartment of the checkout's slug (each slug its own query: a late answer for another never shows). */
export function useCheckoutApartment(slug: string): ApartmentLoad {
  const load = loadState(useQuery(queries.apartment(slug)));
  return load.status === 'ready' ? { status: 'ready', appartement: load.data } : load.status === 'error' ? { status: 'error' } : load;
}
