import { useEffect, useState } from 'react';
import { legalApi, takePageData, type LegalInfo } from 'shared-kernel';

export type LegalInfoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: LegalInfo };

/** Written into the page by the server (issue 27), else GET /api/legal. */
const LEGAL_PATH = '/legal';

const decode = (raw: unknown): LegalInfo | null =>
  raw && typeof raw === 'object' && 'editeur' in raw && 'mediateur' in raw ? (raw as LegalInfo) : null;

/** The publisher, host, mediator and controller configured on the server (GET /api/legal). */
export function useLegalInfo(): LegalInfoState {
  const [state, setState] = useState<LegalInfoState>(() => {
    const info = decode(takePageData(LEGAL_PATH));
    return info ? { status: 'ready', info } : { status: 'loading' };
  });
  useEffect(() => {
    if (state.status === 'ready') return undefined;
    let active = true;
    legalApi.info().then(
      (info) => active && setState({ status: 'ready', info }),
      () => active && setState({ status: 'error' }),
    );
    return () => {
      active = false;
    };
    // Asked once per page.
  }, []);
  return state;
}
