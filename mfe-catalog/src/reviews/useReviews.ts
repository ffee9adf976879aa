import { useEffect, useState } from 'react';
import { appartementsApi, type AvisResume } from 'shared-kernel';
import { normalizeResume } from './rating';

export type ReviewsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; resume: AvisResume };

type Keyed = ReviewsState & { id: number | null };

/**
 * The reviews of an apartment (list newest first, average, count per star). `null` while the
 * apartment itself is still loading: the state stays 'loading'. A late answer for a previous
 * apartment is ignored.
 */
export function useReviews(appartementId: number | null): ReviewsState {
  const [state, setState] = useState<Keyed>({ id: appartementId, status: 'loading' });

  useEffect(() => {
    if (appartementId === null) return undefined;
    let active = true;
    appartementsApi.reviews(appartementId).then(
      (data) => {
        if (active) setState({ id: appartementId, status: 'ready', resume: normalizeResume(data) });
      },
      () => {
        if (active) setState({ id: appartementId, status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [appartementId]);

  return appartementId !== null && state.id === appartementId ? state : { status: 'loading' };
}
