import { useCallback, useEffect, useState } from 'react';
import { appartementsApi } from 'shared-kernel';

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

/** The unavailable days of an apartment, loaded once it is known; a late answer for another apartment is ignored. */
export function useUnavailableDays(appartementId: number | null | undefined): UnavailableDays {
  const [state, setState] = useState<{ id: number | null; days: readonly string[]; failed: boolean }>({
    id: null,
    days: NONE,
    failed: false,
  });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!appartementId) return undefined;
    let active = true;
    appartementsApi.unavailableDays(appartementId).then(
      (days) => {
        if (active) setState({ id: appartementId, days: days.filter((d) => typeof d === 'string'), failed: false });
      },
      () => {
        // A failed reload keeps the days already known.
        if (active)
          setState((previous) =>
            previous.id === appartementId ? { ...previous, failed: true } : { id: appartementId, days: NONE, failed: true },
          );
      },
    );
    return () => {
      active = false;
    };
  }, [appartementId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = state.id === appartementId;
  return { days: current ? state.days : NONE, failed: current && state.failed, loading: Boolean(appartementId) && !current, reload };
}
