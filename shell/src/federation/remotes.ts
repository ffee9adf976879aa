/**
 * Runtime remotes. The shell is built with `remotes: {}`; the server's `/runtime-config.json` says
 * which remotes exist and where their `mf-manifest.json` is. Every remote is registered at start-up
 * except `admin`, which is registered (and so downloaded) only once the session says the user is an
 * admin: with the default share strategy a registered remote's entry is fetched early.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getSession, isAdmin, subscribeSession, type SessionState } from 'shared-kernel';

export const ADMIN_REMOTE = 'admin';

/** Remote name -> manifest URL, for the remotes registered with the federation runtime. */
const registered = new Map<string, string>();
/** Remotes whose container answered at least once (their runtime state must not be reset). */
const loaded = new Set<string>();
/** Session watchers still waiting for an admin. */
const watchers = new Set<() => void>();

export class RemoteUnavailableError extends Error {
  constructor(readonly module: string, cause?: unknown) {
    super(`Module distant indisponible : ${module}`, cause === undefined ? undefined : { cause });
    this.name = 'RemoteUnavailableError';
  }
}

export function remoteNameOf(module: string): string {
  const slash = module.indexOf('/');
  return slash === -1 ? module : module.slice(0, slash);
}

export function isRemoteRegistered(name: string): boolean {
  return registered.has(name);
}

function register(name: string, entry: string): void {
  if (registered.has(name)) return;
  try {
    registerRemotes([{ name, entry }]);
    registered.set(name, entry);
  } catch (error) {
    // Its pages show the "momentanément indisponible" box; the rest of the site goes on.
    console.error(`[shell] Le module distant « ${name} » n'a pas pu être déclaré.`, error);
  }
}

/** Registers every remote of the runtime config except `admin`. */
export function registerStartupRemotes(remotes: Record<string, string>): void {
  for (const [name, entry] of Object.entries(remotes)) {
    if (name !== ADMIN_REMOTE) register(name, entry);
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
    if (attempted || registered.has(ADMIN_REMOTE)) return true;
    if (!isAdmin(state)) return false;
    attempted = true;
    register(ADMIN_REMOTE, entry);
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

type ComponentModule = { default: unknown };

/** Loads an exposed module (`remote/Expose`) and returns its default export. */
export async function loadRemoteDefault<T>(module: string): Promise<T> {
  const name = remoteNameOf(module);
  if (!registered.has(name)) throw new RemoteUnavailableError(module);
  let exported: ComponentModule | null | undefined;
  try {
    exported = await loadRemote<ComponentModule>(module);
  } catch (error) {
    throw new RemoteUnavailableError(module, error);
  }
  if (!exported || exported.default == null) throw new RemoteUnavailableError(module);
  loaded.add(name);
  return exported.default as T;
}

/**
 * Before a retry: a remote that never answered is registered again with `force`, which drops the
 * runtime's cached manifest (a manifest request that failed with a JSON body stays cached otherwise).
 * A remote whose container already works is left alone, only the module is requested again.
 */
export function prepareRetry(module: string): void {
  const name = remoteNameOf(module);
  const entry = registered.get(name);
  if (!entry || loaded.has(name)) return;
  try {
    registerRemotes([{ name, entry }], { force: true });
  } catch {
    // The next load reports the failure.
  }
}

/** For tests. */
export function resetRemotesForTests(): void {
  [...watchers].forEach((stop) => stop());
  registered.clear();
  loaded.clear();
}
