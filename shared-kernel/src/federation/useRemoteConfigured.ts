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
  const configured = () => Boolean(getRuntimeConfig().remotes[name]);
  // The server renders with the configuration set before its render, as the browser hydrates with its own.
  return useSyncExternalStore(subscribe, configured, configured);
}
