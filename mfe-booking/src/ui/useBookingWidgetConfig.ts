import { useSyncExternalStore } from 'react';
import { getRuntimeConfig, onRuntimeConfig, type RuntimeConfig } from 'shared-kernel';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = onRuntimeConfig(onChange);
  return () => {
    unsubscribe();
  };
}

/** The external booking widget's configuration (DECISIONS 6), or null when it is not configured. */
export function useBookingWidgetConfig(): RuntimeConfig['bookingWidget'] {
  return useSyncExternalStore(subscribe, () => getRuntimeConfig().bookingWidget);
}
