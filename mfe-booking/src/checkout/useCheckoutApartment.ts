import { useEffect, useState } from 'react';
import { appartementsApi, type Appartement } from 'shared-kernel';

export type ApartmentLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; appartement: Appartement };

/** The apartment of the checkout's slug; a late answer for a previous slug is ignored. */
export function useCheckoutApartment(slug: string): ApartmentLoad {
  const [state, setState] = useState<ApartmentLoad & { slug: string }>({ slug, status: 'loading' });

  useEffect(() => {
    let active = true;
    appartementsApi.bySlug(slug).then(
      (appartement) => {
        if (active) setState({ slug, status: 'ready', appartement });
      },
      () => {
        if (active) setState({ slug, status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [slug]);

  return state.slug === slug ? state : { status: 'loading' };
}
