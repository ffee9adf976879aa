import { useEffect, useState } from 'react';
import { legalApi, type LegalInfo } from 'shared-kernel';

export type LegalInfoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: LegalInfo };

/** The publisher, host, mediator and controller configured on the server (GET /api/legal). */
export function useLegalInfo(): LegalInfoState {
  const [state, setState] = useState<LegalInfoState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    legalApi.info().then(
      (info) => active && setState({ status: 'ready', info }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
