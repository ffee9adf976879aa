/**
 * Which remotes the shell registers, and when. The shell is built with `remotes: {}`; the server's
 * `/runtime-config.json` says which remotes exist and where their `mf-manifest.json` is. Every remote
 * is registered at start-up except `admin`, which is registered (and so downloaded) only once the
 * session says the user is an admin: with the default share strategy a registered remote's entry is
 * fetched early.
 */
import { getSession, isAdmin, isRemoteRegistered, registerRemote, resetRegistryForTests, subscribeSession, type SessionState } from 'shared-kernel';

export const ADMIN_REMOTE = 'admin';

/** Session watchers still waiting for an admin. */
const watchers = new Set<() => void>();

/** Registers every remote of the runtime config except `admin`. */
export function registerStartupRemotes(remotes: Record<string, string>): void {
  for (const [name, entry] of Object.entries(remotes)) {
    if (name !== ADMIN_REMOTE) registerRemote(name, entry);
  }
}

/**
 * Registers the admin remote the first time the session holds an admin (now or later), once.
 * Returns a function that stops watching.
 */
export function registerAdminRemoteWhenAdmin(remotes: Record<string, string>): () => void {
  const entry = remotes[ADMIN_REMOTE];
  if (!entry) return () => undefined;
  let unsubscribe: (() => void) | null = null;
  let attempted = false;
  const check = (state: SessionState): boolean => {
    if (attempted || isRemoteRegistered(ADMIN_REMOTE)) return true;
    if (!isAdmin(state)) return false;
    attempted = true;
    registerRemote(ADMIN_REMOTE, entry);
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
