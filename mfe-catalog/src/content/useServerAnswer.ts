import { useEffect, useState } from 'react';
import { http, takePageData } from 'shared-kernel';

/**
 * A public GET answer the page states (issue 27: the FAQ's payment settings, About's figures): the
 * one the server wrote into the page when it rendered it (so the first client render matches the
 * server's), else fetched. `decode` returns null for an answer it cannot use; null until known.
 */
export function useServerAnswer<T>(path: string, decode: (raw: unknown) => T | null): T | null {
  const [value, setValue] = useState<T | null>(() => {
    const inPage = takePageData(path);
    return inPage === undefined ? null : decode(inPage);
  });
  useEffect(() => {
    if (value !== null) return undefined;
    let active = true;
    http.get<unknown>(path).then(
      (response) => {
        if (active) setValue(decode(response.data));
      },
      () => undefined, // the page keeps its general wording
    );
    return () => {
      active = false;
    };
    // Asked once per page.
  }, []);
  return value;
}
