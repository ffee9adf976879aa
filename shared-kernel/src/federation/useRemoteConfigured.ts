import { useSyncExternalStore } from 'react';
import { getRuntimeConfig, onRuntimeConfig } from '../api/runtime-config.js';

function subscribe(onChange: () => void): () => void {
  const unsubscribe = onRuntimeConfig(onChange);
  return () => {
    unsubscribe();
  };
}

/**
 * Whether the runtime configuration lists the remote `name` (`remotes.booking`, `remotes.admin`…):
 * a place kept for another remote's fragment is only rendered once that remote exists.
 */
export function useRemoteConfigured(name: string): boolean {
  return useSyncExternalStore(subscribe, () => Boolean(getRuntimeConfig().remotes[name]));
}
