import type { StayLimits } from '../rules/stay';

/**
 * Runtime configuration, fetched by the shell from the server at start-up (`/runtime-config.json`),
 * so the API base, the remotes and the brand can change without rebuilding any bundle.
 */
export interface RuntimeConfig {
  siteName: string;
  apiBaseUrl: string;
  /** Remote name -> URL of its `mf-manifest.json`. */
  remotes: Record<string, string>;
  googleClientId: string | null;
  /**
   * The external channel manager's booking widget (DECISIONS 6): shown only for an apartment with a
   * smoobuId and only when configured. The owner id is `ownerOverrides[smoobuId]` or the default.
   */
  bookingWidget: { scriptUrl: string; defaultOwnerId: string; ownerOverrides: Record<string, string> } | null;
  /** The server's stay limits, so the calendars offer only the stays it accepts; null: unknown (the server still checks). */
  stayLimits: StayLimits | null;
  /**
   * The MapLibre style of the results map (`MAP_STYLE_URL`: an http(s) URL or a path of this site);
   * null: no map is offered.
   */
  mapStyleUrl: string | null;
}

const DEFAULT_CONFIG: RuntimeConfig = {
  siteName: 'Séjours Messins',
  apiBaseUrl: '/api',
  remotes: {},
  googleClientId: null,
  bookingWidget: null,
  stayLimits: null,
  mapStyleUrl: null,
};

let current: RuntimeConfig = { ...DEFAULT_CONFIG };
const listeners = new Set<(config: RuntimeConfig) => void>();

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function setRuntimeConfig(next: Partial<RuntimeConfig>): void {
  current = { ...current, ...next };
  listeners.forEach((fn) => fn(current));
}

export function onRuntimeConfig(fn: (config: RuntimeConfig) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
