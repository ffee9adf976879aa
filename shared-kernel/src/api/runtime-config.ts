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
}

const DEFAULT_CONFIG: RuntimeConfig = { siteName: 'Séjours Messins', apiBaseUrl: '/api', remotes: {}, googleClientId: null };

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
