import { useSyncExternalStore } from 'react';
import { getRuntimeConfig, onRuntimeConfig, type RuntimeConfig } from 'shared-kernel';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = onRuntimeConfig(onChange);
  return () => {
    unsubscribe();
  };
}

/** One setting of the server's runtime configuration, kept up to date if it changes (the server render reads the same). */
export function useRuntimeSetting<K extends keyof RuntimeConfig>(key: K): RuntimeConfig[K] {
  const read = () => getRuntimeConfig()[key];
  return useSyncExternalStore(subscribe, read, read);
}
