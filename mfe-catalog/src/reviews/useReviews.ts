import { useMemo } from 'react';
import { queries, useQuery, type AvisResume } from 'shared-kernel';
import { normalizeResume } from './rating';

export type ReviewsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; resume: AvisResume };

/**
 * The reviews of an apartment (list newest first, average, count per star), `queries.apartmentReviews`
 * (on a server-rendered page the cache holds them already). `null` while the apartment itself is still
 * loading: the state stays 'loading'.
 */
export function useReviews(appartementId: number | null): ReviewsState {
  const query = useQuery({ ...queries.apartmentReviews(appartementId ?? 0), enabled: appartementId !== null });
  const resume = useMemo(() => (query.data === undefined ? undefined : normalizeResume(query.data)), [query.data]);
  if (appartementId === null) return { status: 'loading' };
  if (resume !== undefined) return { status: 'ready', resume };
  if (query.isError && !query.isFetching) return { status: 'error' };
  return { status: 'loading' };
}
