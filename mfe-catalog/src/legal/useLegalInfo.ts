import { queries, useQuery, type LegalInfo } from 'shared-kernel';

export type LegalInfoState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; info: LegalInfo };

/** Written into the page by the server (issue 27), else GET /api/legal. */
const LEGAL_PATH = '/legal';

const decode = (raw: unknown): LegalInfo | null =>
  raw && typeof raw === 'object' && 'editeur' in raw && 'mediateur' in raw ? (raw as LegalInfo) : null;

/** The publisher, host, mediator and controller configured on the server (GET /api/legal). */
export function useLegalInfo(): LegalInfoState {
  const query = useQuery(queries.publicAnswer(LEGAL_PATH));
  const info = query.data === undefined ? null : decode(query.data);
  if (info) return { status: 'ready', info };
  // An answer without the expected fields is as useless as a failure.
  if (query.data !== undefined || (query.isError && !query.isFetching)) return { status: 'error' };
  return { status: 'loading' };
}
