/**
 * Access to the federation runtime, shared by the shell (pages) and the remotes (fragments of other
 * remotes): which remotes are registered, loading an exposed module's default export, and retrying a
 * remote that failed. Which remotes to register, and when, is the shell's decision.
 */
import { loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Remote name -> manifest URL, for the remotes registered with the federation runtime. */
const registered = new Map<string, string>();
/** Remotes whose container answered at least once (their runtime state must not be reset). */
const loaded = new Set<string>();
/** Default exports already loaded, by module: a view can render them without suspending. */
const loadedDefaults = new Map<string, unknown>();

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
let pluginsRegistered = false;

/** Registers a remote once; a failure only makes its modules unavailable. */
export function registerRemote(name: string, entry: string): void {
  if (registered.has(name)) return;
  if (!pluginsRegistered && typeof document !== 'undefined') {
    pluginsRegistered = true;
    try {
      registerPlugins([SKIP_LINKED_STYLESHEETS]);
    } catch (error) {
      // Without it a stylesheet may be linked twice: slower, never broken.
      console.warn('[federation] Extension du runtime non déclarée.', error);
    }
  }
  try {
    registerRemotes([{ name, entry }]);
    registered.set(name, entry);
  } catch (error) {
    console.error(`[federation] Le module distant « ${name} » n'a pas pu être déclaré.`, error);
  }
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
  loaded.clear();
  loadedDefaults.clear();
}
