import { queries, useQuery } from 'shared-kernel';

export interface UnavailableDays {
  /** Unavailable days (YYYY-MM-DD): blocked days and the nights of other stays. */
  days: readonly string[];
  /** The list could not be loaded (the server still refuses taken dates). */
  failed: boolean;
  /** No answer yet for this apartment: the calendar must not offer days that may be taken. */
  loading: boolean;
  /** Loads the list again (after a 409: someone just booked). */
  reload: () => void;
}

const NONE: readonly string[] = [];

/**
 * The unavailable days of an apartment, loaded once it is known. Each apartment is its own query,
 * so a late answer for another never shows; a failed reload keeps the days already known.
 */
export function useUnavailableDays(appartementId: number | null | undefined): UnavailableDays {
  const query = useQuery({ ...queries.unavailableDays(appartementId ?? 0), enabled: Boolean(appartementId) });
  if (!appartementId) return { days: NONE, failed: false, loading: false, reload: () => undefined };
  return {
    days: query.data ?? NONE,
    failed: query.isError && !query.isFetching,
    loading: query.data === undefined && !(query.isError && !query.isFetching),
    reload: () => void query.refetch(),
  };
}
