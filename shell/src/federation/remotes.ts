/**
 * Which remotes the shell registers, and when. The shell is built with `remotes: {}`; the server's
 * runtime configuration says which remotes exist and which release of each the page goes with (the
 * URL of that release's `mf-manifest.json`). Every remote is registered at start-up except `admin`:
 * the server gives its URL only to an admin's session (`GET /api/admin/module-distant`), asked once
 * the session says admin — a visitor or a client never learns of it nor downloads any file of it
 * (with the default share strategy a registered remote's entry is fetched early).
 */
import {
  getRuntimeConfig,
  getSession,
  http,
  isAdmin,
  isRemoteRegistered,
  registerRemote,
  registerRemoteWhenKnown,
  REMOTE_FETCH_BUDGET_MS,
  resetRegistryForTests,
  setRuntimeConfig,
  subscribeSession,
  type SessionState,
} from 'shared-kernel';

export const ADMIN_REMOTE = 'admin';
/** The API path (under the API base) that gives an admin the admin remote's manifest. */
export const ADMIN_REMOTE_PATH = '/admin/module-distant';

/** Session watchers still waiting for an admin. */
const watchers = new Set<() => void>();

/** Registers every remote of the runtime config except `admin`. */
export function registerStartupRemotes(remotes: Record<string, string>): void {
  for (const [name, entry] of Object.entries(remotes)) {
    if (name !== ADMIN_REMOTE) registerRemote(name, entry);
  }
}

/** The admin remote's manifest URL, as the server gives it to an admin (null: none is deployed). */
export async function fetchAdminRemoteEntry(): Promise<string | null> {
  const { data } = await http.get<{ manifeste?: unknown }>(ADMIN_REMOTE_PATH, { timeout: REMOTE_FETCH_BUDGET_MS });
  return typeof data?.manifeste === 'string' && data.manifeste.trim() !== '' ? data.manifeste.trim() : null;
}

/**
 * Registers the admin remote the first time the session holds an admin (now or later), once: its URL
 * is asked of the server then, and added to the runtime configuration (the admin fragments of other
 * remotes appear with it). Returns a function that stops watching.
 */
export function registerAdminRemoteWhenAdmin(fetchEntry: () => Promise<string | null> = fetchAdminRemoteEntry): () => void {
  let unsubscribe: (() => void) | null = null;
  let attempted = false;
  const check = (state: SessionState): boolean => {
    if (attempted || isRemoteRegistered(ADMIN_REMOTE)) return true;
    if (!isAdmin(state)) return false;
    attempted = true;
    // Looked up again by 'Réessayer' if the server could not be asked (registry.ts).
    void registerRemoteWhenKnown(ADMIN_REMOTE, () =>
      fetchEntry().then((url) => {
        if (url) setRuntimeConfig({ remotes: { ...getRuntimeConfig().remotes, [ADMIN_REMOTE]: url } });
        return url;
      }),
    );
    return true;
  };
  if (check(getSession())) return () => undefined;
  const stop = (): void => {
    unsubscribe?.();
    unsubscribe = null;
    watchers.delete(stop);
  };
  unsubscribe = subscribeSession((state) => {
    if (check(state)) stop();
  });
  watchers.add(stop);
  return stop;
}

/** For tests. */
export function resetRemotesForTests(): void {
  [...watchers].forEach((stop) => stop());
  resetRegistryForTests();
}
