/**
 * Access to the federation runtime, shared by the shell (pages) and the remotes (fragments of other
 * remotes): which remotes are registered, loading an exposed module's default export, and retrying a
 * remote that failed. Which remotes to register, and when, is the shell's decision.
 *
 * Every load is bounded (issue 29): a remote's manifest and entry are given up on after
 * `REMOTE_FETCH_BUDGET_MS`, a whole module after `REMOTE_MODULE_BUDGET_MS`, so an origin that accepts
 * the connection and never answers shows the fallback and its 'Réessayer' instead of a spinner for
 * minutes. A remote whose kernel contract this kernel cannot satisfy is refused (kernel-contract.ts).
 */
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { kernelContractOfManifest, kernelContractProblem } from './kernel-contract.js';

/** How long a remote's manifest or entry script may take. */
export const REMOTE_FETCH_BUDGET_MS = 8_000;
/** How long loading one exposed module may take in all (manifest, entry, chunks, stylesheets). */
export const REMOTE_MODULE_BUDGET_MS = 20_000;

/** Remote name -> manifest URL, for the remotes registered with the federation runtime. */
const registered = new Map<string, string>();
/** Remotes whose container answered at least once (their runtime state must not be reset). */
const loaded = new Set<string>();
/** Default exports already loaded, by module: a view can render them without suspending. */
const loadedDefaults = new Map<string, unknown>();
/** Remotes whose entry is still being looked up (the admin remote, asked of the API once the session is an admin's). */
const pendingRegistrations = new Map<string, Promise<void>>();

/**
 * Told when a module could not be loaded; resolves true when it takes over (the shell reloads the
 * page into a newer release of the remote), and the view then keeps waiting instead of failing.
 */
export type RemoteLoadFailureHandler = (remote: string, entry: string, error: unknown) => Promise<boolean>;
let loadFailureHandler: RemoteLoadFailureHandler | null = null;

export function onRemoteLoadFailure(handler: RemoteLoadFailureHandler | null): void {
  loadFailureHandler = handler;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly module: string,
    cause?: unknown,
  ) {
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

/** Whether `url` is a stylesheet the page links already (the server's `<head>` of a rendered page). */
export function isStylesheetLinked(url: string, doc: Document = document): boolean {
  let resolved: URL;
  try {
    resolved = new URL(url, doc.baseURI);
  } catch {
    return false;
  }
  if (!resolved.pathname.endsWith('.css')) return false;
  return Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).some((link) => link.href === resolved.href);
}

/**
 * The runtime loads an exposed module's stylesheets before the module, and looks for them in the
 * page by the exact `href` it computed (absolute). A server-rendered page links them already with
 * a path: the runtime added the same stylesheet a second time, and the browser restyled and laid
 * out the whole page again (a 40-100 ms task on a phone, issue 17). This filter drops those; the
 * runtime reads the operations it handed the hook, changed in place.
 */
const SKIP_LINKED_STYLESHEETS: ModuleFederationRuntimePlugin = {
  name: 'sm-feuilles-deja-liees',
  beforePreloadRemote(args) {
    for (const op of args.preloadOps) {
      const own = op.filter;
      op.filter = (url: string) => !isStylesheetLinked(url) && (own ? own(url) : true);
    }
  },
};

/**
 * Budgets on the runtime's own fetches: the manifest (`fetch`) and the entry script (`createScript`,
 * whose default timeout is 20 s); and the kernel contract, read from the manifest before anything
 * of the remote runs.
 */
const BOUNDED_AND_CHECKED: ModuleFederationRuntimePlugin = {
  name: 'sm-budgets-et-contrat-du-noyau',
  fetch(url: string, init: RequestInit) {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REMOTE_FETCH_BUDGET_MS) : undefined;
    return fetch(url, { ...init, ...(signal ? { signal } : {}) });
  },
  createScript({ remoteInfo }: { remoteInfo?: unknown }) {
    // Only the entry (the runtime passes its remote); chunk scripts are bounded by each remote's webpack runtime.
    return remoteInfo ? { timeout: REMOTE_FETCH_BUDGET_MS } : undefined;
  },
  loadRemoteSnapshot(args) {
    if (args.from !== 'manifest') return args;
    const problem = kernelContractProblem(args.moduleInfo.name, kernelContractOfManifest(args.manifestJson));
    if (problem) {
      console.error(`[federation] ${problem}`);
      throw new Error(problem);
    }
    return args;
  },
};
let pluginsRegistered = false;

/** Registers a remote once; a failure only makes its modules unavailable. */
export function registerRemote(name: string, entry: string): void {
  if (registered.has(name)) return;
  if (!pluginsRegistered && typeof document !== 'undefined') {
    pluginsRegistered = true;
    try {
      registerPlugins([SKIP_LINKED_STYLESHEETS, BOUNDED_AND_CHECKED]);
    } catch (error) {
      // Without them a stylesheet may be linked twice, and loads are bounded by the runtime's own
      // timeouts and the module budget below only: slower, never broken.
      console.warn('[federation] Extensions du runtime non déclarées.', error);
    }
  }
  try {
    registerRemotes([{ name, entry }]);
    registered.set(name, entry);
  } catch (error) {
    console.error(`[federation] Le module distant « ${name} » n'a pas pu être déclaré.`, error);
  }
}

/** Remotes whose entry is looked up (the admin remote) and not found yet: a retry looks again. */
const lookups = new Map<string, () => Promise<string | null>>();

/**
 * Registers `name` once `lookup` gives its entry (null: it is not to be registered). Until then a
 * load of one of its modules waits for it rather than failing; after a failed lookup, 'Réessayer'
 * looks again.
 */
export function registerRemoteWhenKnown(name: string, lookup: () => Promise<string | null>): Promise<void> {
  const known = pendingRegistrations.get(name);
  if (registered.has(name)) return Promise.resolve();
  if (known) return known;
  lookups.set(name, lookup);
  const settled = lookup()
    .then(
      (url) => {
        if (!url) return;
        registerRemote(name, url);
        lookups.delete(name);
      },
      (error: unknown) => console.error(`[federation] Adresse du module distant « ${name} » introuvable.`, error),
    )
    .finally(() => pendingRegistrations.delete(name));
  pendingRegistrations.set(name, settled);
  return settled;
}

type ComponentModule = { default: unknown };

function withinBudget<T>(work: Promise<T>, module: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${module} : pas de réponse en ${REMOTE_MODULE_BUDGET_MS / 1000} s.`)),
      REMOTE_MODULE_BUDGET_MS,
    );
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

/** Loads an exposed module (`remote/Expose`) and returns its default export. */
export async function loadRemoteDefault<T>(module: string): Promise<T> {
  const name = remoteNameOf(module);
  await pendingRegistrations.get(name);
  const entry = registered.get(name);
  if (!entry) throw new RemoteUnavailableError(module);
  let exported: ComponentModule | null | undefined;
  try {
    exported = await withinBudget(loadRemote<ComponentModule>(module), module);
  } catch (error) {
    // A newer release may have replaced the one this page started with: the shell may reload into it.
    if (loadFailureHandler && (await loadFailureHandler(name, entry, error).catch(() => false))) return new Promise<T>(() => undefined);
    throw new RemoteUnavailableError(module, error);
  }
  if (!exported || exported.default == null) throw new RemoteUnavailableError(module);
  loaded.add(name);
  loadedDefaults.set(module, exported.default);
  return exported.default as T;
}

/** The module's default export if it was loaded already (the page of a server-rendered page). */
export function loadedRemoteDefault<T>(module: string): T | undefined {
  return loadedDefaults.get(module) as T | undefined;
}

/**
 * Before a retry: a remote that never answered is registered again with `force`, which drops the
 * runtime's cached manifest (a manifest request that failed with a JSON body stays cached otherwise).
 * A remote whose container already works is left alone, only the module is requested again.
 */
export function prepareRetry(module: string): void {
  const name = remoteNameOf(module);
  const lookup = lookups.get(name);
  if (lookup && !registered.has(name)) {
    void registerRemoteWhenKnown(name, lookup);
    return;
  }
  const entry = registered.get(name);
  if (!entry || loaded.has(name)) return;
  try {
    registerRemotes([{ name, entry }], { force: true });
  } catch {
    // The next load reports the failure.
  }
}

/** For tests. */
export function resetRegistryForTests(): void {
  registered.clear();
  pendingRegistrations.clear();
  lookups.clear();
  loadFailureHandler = null;
  loaded.clear();
  loadedDefaults.clear();
}
