import { useEffect, useRef, useState } from 'react';
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
  // The reviews written into the page (server-rendered page, visitor without a session) are the
  // first render: it must match the server's HTML, and needs no request.
  const [state, setState] = useState<Keyed>(() => {
    const inPage = appartementId === null ? undefined : appartementsApi.reviewsInPage(appartementId);
    return inPage === undefined
      ? { id: appartementId, status: 'loading' }
      : { id: appartementId, status: 'ready', resume: normalizeResume(inPage) };
  });
  const fromPage = useRef(state.status === 'ready');

  useEffect(() => {
    if (appartementId === null) return undefined;
    if (fromPage.current) {
      fromPage.current = false;
      return undefined;
    }
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
