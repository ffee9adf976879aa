import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readStaySearch, staySearchQuery, type StaySearch, type VilleFacette } from 'shared-kernel';
import { useSearchResults } from './useSearchResults';

/**
 * A page whose search is its address (issue 32): the home page, or a town's page, whose town is its
 * path (`town`) and never in its query. The search shown at once: the router applies a new address
 * in a transition, and a controlled check box or field must not bounce back meanwhile. Any other
 * change of the address (Back, a link) wins.
 */
export function useSearchPage(town: string | null = null) {
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => {
    const read = readStaySearch(params);
    return town === null ? read : { ...read, ville: town };
  }, [params, town]);
  const [search, setSearch] = useState(fromAddress);
  const addressKey = staySearchQuery(fromAddress);
  useEffect(() => setSearch(fromAddress), [addressKey]);
  const results = useSearchResults(search);

  // A new stay is a new entry in the history (Back returns to the former one); typing and filters replace it.
  const go = useCallback(
    (next: StaySearch, push = false) => {
      setSearch(next);
      const query = staySearchQuery(town === null ? next : { ...next, ville: null });
      setParams(new URLSearchParams(query), { replace: !push, preventScrollReset: true });
    },
    [setParams, town],
  );
  const update = useCallback((fn: (s: StaySearch) => StaySearch) => go(fn(search)), [go, search]);

  // The towns of the last answer: the select and the list stay while a new search loads or is refused.
  const villes = useRef<VilleFacette[] | undefined>(undefined);
  if (results.status === 'ready') villes.current = results.facettes.villes;

  return { search, results, go, update, villes: villes.current };
}

export type SearchPageState = ReturnType<typeof useSearchPage>;
