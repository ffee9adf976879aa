import { useEffect, useState } from 'react';
import { appartementsApi, randomSmoobuId } from 'shared-kernel';

export interface KnownApartments {
  slugs: ReadonlySet<string>;
  smoobuIds: ReadonlySet<number>;
}

const NONE: KnownApartments = { slugs: new Set(), smoobuIds: new Set() };

/**
 * The slugs and smoobuIds already in the catalogue, to warn about a taken slug before sending and
 * to draw ids that are free. Only a help: the server stays the judge, and a failed load changes nothing.
 */
export function useKnownApartments(): KnownApartments {
  const [known, setKnown] = useState<KnownApartments>(NONE);
  useEffect(() => {
    let active = true;
    appartementsApi.adminIndex().then(
      (list) => {
        if (!active) return;
        setKnown({
          slugs: new Set(list.map((a) => a.slug).filter(Boolean)),
          smoobuIds: new Set(list.map((a) => a.smoobuId).filter((id): id is number => id !== null)),
        });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return known;
}

/** A random smoobuId not known to be taken (a few draws at most). */
export function freshSmoobuId(taken: ReadonlySet<number>, random: () => number = Math.random): number {
  let id = randomSmoobuId(random);
  for (let draw = 0; draw < 10 && taken.has(id); draw += 1) id = randomSmoobuId(random);
  return id;
}
