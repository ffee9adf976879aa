import { useMemo } from 'react';
import { queries, useQuery } from 'shared-kernel';

/**
 * A public GET answer the page states (issue 27: the FAQ's payment settings, About's figures),
 * `queries.publicAnswer`: on a server-rendered page the cache holds the one the server rendered
 * with (the first client render matches it), else it is fetched. `decode` returns null for an
 * answer it cannot use; null until known, and after a failure (the page keeps its general wording).
 */
export function useServerAnswer<T>(path: string, decode: (raw: unknown) => T | null): T | null {
  const { data } = useQuery(queries.publicAnswer(path));
  // `decode` is the page's own constant: the decoded value changes with the answer only.
  return useMemo(() => (data === undefined ? null : decode(data)), [data]);
}
