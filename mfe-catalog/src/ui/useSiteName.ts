import { useSyncExternalStore } from 'react';
import { getRuntimeConfig, onRuntimeConfig } from 'shared-kernel';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = onRuntimeConfig(onChange);
  return () => {
    unsubscribe();
  };
}

/** The configurable site name (DECISIONS 20), kept up to date if the runtime config changes. */
export function useSiteName(): string {
  const siteName = () => getRuntimeConfig().siteName;
  return useSyncExternalStore(subscribe, siteName, siteName);
}
