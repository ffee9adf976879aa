/**
 * Start-up of the shell: design tokens, runtime configuration from the server, remote registration,
 * session restore. No remote is known at build time.
 */
import { getRuntimeConfig, injectDesignTokens, runtimeConfigInPage, setRuntimeConfig, type RuntimeConfig } from 'shared-kernel';
import { reloadIntoNewReleases } from './federation/new-release';
import { ADMIN_REMOTE, fetchAdminRemoteEntry, registerAdminRemoteWhenAdmin, registerStartupRemotes } from './federation/remotes';
import { restoreSession } from './session/session';

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/** Past this, the site starts with the defaults rather than stay blank. */
const CONFIG_TIMEOUT_MS = 10_000;

const REMOTE_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Keeps only well-formed fields of the server's answer; anything else keeps its default. */
export function parseRuntimeConfig(raw: unknown): Partial<RuntimeConfig> {
  if (!raw || typeof raw !== 'object') return {};
  const input = raw as Record<string, unknown>;
  const config: Partial<RuntimeConfig> = {};
  if (typeof input.siteName === 'string' && input.siteName.trim() !== '') config.siteName = input.siteName.trim();
  if (typeof input.apiBaseUrl === 'string' && input.apiBaseUrl.trim() !== '') config.apiBaseUrl = input.apiBaseUrl.trim();
  if (typeof input.googleClientId === 'string' && input.googleClientId.trim() !== '') config.googleClientId = input.googleClientId.trim();
  else if (input.googleClientId === null) config.googleClientId = null;
  if (input.remotes && typeof input.remotes === 'object' && !Array.isArray(input.remotes)) {
    const remotes: Record<string, string> = {};
    for (const [name, entry] of Object.entries(input.remotes as Record<string, unknown>)) {
      if (REMOTE_NAME.test(name) && typeof entry === 'string' && entry.trim() !== '') remotes[name] = entry.trim();
    }
    config.remotes = remotes;
  }
  const widget = input.bookingWidget as Record<string, unknown> | null | undefined;
  if (
    widget &&
    typeof widget.scriptUrl === 'string' &&
    /^https:\/\//.test(widget.scriptUrl) &&
    typeof widget.defaultOwnerId === 'string' &&
    widget.defaultOwnerId
  ) {
    const overrides: Record<string, string> = {};
    if (widget.ownerOverrides && typeof widget.ownerOverrides === 'object') {
      for (const [id, owner] of Object.entries(widget.ownerOverrides as Record<string, unknown>))
        if (typeof owner === 'string') overrides[id] = owner;
    }
    config.bookingWidget = { scriptUrl: widget.scriptUrl, defaultOwnerId: widget.defaultOwnerId, ownerOverrides: overrides };
  }
  const limits = input.stayLimits as Record<string, unknown> | null | undefined;
  const positive = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;
  if (limits && positive(limits.maxNights) && positive(limits.maxMonthsAhead))
    config.stayLimits = { maxNights: limits.maxNights, maxMonthsAhead: limits.maxMonthsAhead };
  if (typeof input.mapStyleUrl === 'string' && /^(https?:\/\/|\/(?!\/))/.test(input.mapStyleUrl)) config.mapStyleUrl = input.mapStyleUrl;
  else if (input.mapStyleUrl === null) config.mapStyleUrl = null;
  return config;
}

/** The server's configuration now (`/runtime-config.json`), checked field by field. */
async function fetchServerConfig(fetchImpl: typeof fetch): Promise<Partial<RuntimeConfig>> {
  const signal = typeof AbortSignal !== 'undefined' && 'timeout' in AbortSignal ? AbortSignal.timeout(CONFIG_TIMEOUT_MS) : undefined;
  const response = await fetchImpl(RUNTIME_CONFIG_URL, {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

/**
 * The configuration the server wrote into the page, else `/runtime-config.json`; on failure the
 * defaults stay (no remote: pages show their fallback).
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const inPage = runtimeConfigInPage();
  if (inPage !== undefined) {
    setRuntimeConfig(parseRuntimeConfig(inPage));
    return getRuntimeConfig();
  }
  try {
    setRuntimeConfig(await fetchServerConfig(fetchImpl));
  } catch (error) {
    console.error('[shell] Configuration indisponible (/runtime-config.json).', error);
  }
  return getRuntimeConfig();
}

/**
 * Everything before the first render. The session restore is started, not awaited: the page renders
 * at once and guarded routes wait for the session.
 */
export async function prepareStart(fetchImpl: typeof fetch = fetch): Promise<{ sessionRestored: Promise<void> }> {
  injectDesignTokens();
  const config = await loadRuntimeConfig(fetchImpl);
  registerStartupRemotes(config.remotes);
  registerAdminRemoteWhenAdmin();
  // A module of a pruned release: reload once into the release the server names now (new-release.ts).
  reloadIntoNewReleases({
    currentEntry: async (remote) =>
      remote === ADMIN_REMOTE ? fetchAdminRemoteEntry() : ((await fetchServerConfig(fetchImpl)).remotes?.[remote] ?? null),
    storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
    reload: () => window.location.reload(),
  });
  return { sessionRestored: restoreSession() };
}
