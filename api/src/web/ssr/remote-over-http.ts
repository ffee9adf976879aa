/**
 * A remote deployed on another origin (`REMOTE_<NAME>_URL`, its browser manifest): the API reads its
 * `mf-manifest.json` (the page's stylesheets, for `<head>`) and its server build
 * (`server/server-manifest.json` next to it) over HTTP, checks both again every `checkMs`, and loads a
 * new server build as soon as its manifest changes: the remote redeploys alone, as in the browser.
 *
 * The server build is code the API runs: it is fetched only over https (or from this machine), from
 * the URL the operator configured, and runs with nothing but the shared modules (evaluate.ts).
 * Anything that fails (the remote down, a timeout, a bad manifest) gives null: the page is rendered
 * in the browser, and the next check tries again.
 */
import { loadServerBuild, type ServerBuild, type ServerBuildSource } from './server-build.js';
import type { SharedModules } from './shared-modules.js';

const FETCH_TIMEOUT_MS = 3000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether code may be fetched from this URL to run in the API: https, or this machine. */
export function trustedForServerCode(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
}

async function fetchText(url: URL): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`${url.href} : HTTP ${response.status}`);
  return response.text();
}

/**
 * A text fetched at most once per `checkMs` (concurrent callers share the fetch), and what was made
 * from it, made again only when the text changes.
 */
class Polled<T> {
  private known: { at: number; text: string | null; value: T | null } | null = null;
  private pending: Promise<T | null> | null = null;

  constructor(
    private readonly url: URL,
    private readonly checkMs: number,
    private readonly make: (text: string) => Promise<T>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get(): Promise<T | null> {
    if (this.known && Date.now() - this.known.at < this.checkMs) return Promise.resolve(this.known.value);
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<T | null> {
    try {
      const text = await fetchText(this.url);
      if (this.known && this.known.text === text) {
        this.known.at = Date.now();
        return this.known.value;
      }
      const value = await this.make(text);
      this.known = { at: Date.now(), text, value };
      return value;
    } catch (error) {
      this.onError(error);
      this.known = { at: Date.now(), text: null, value: null };
      return null;
    }
  }
}

/** The server build of a remote on another origin, from `<remote base>/server/`. */
export class HttpServerBuild implements ServerBuildSource {
  private readonly polled: Polled<ServerBuild>;

  constructor(
    readonly label: string,
    manifestUrl: URL,
    checkMs: number,
    shared: SharedModules,
    onError: (label: string, error: unknown) => void,
  ) {
    const base = new URL('server/', manifestUrl);
    this.polled = new Polled(
      new URL('server-manifest.json', base),
      checkMs,
      (text) => loadServerBuild(text, base.href, (file) => fetchText(new URL(file, base)), shared),
      (error) => onError(label, error),
    );
  }

  current(): Promise<ServerBuild | null> {
    return this.polled.get();
  }
}

interface BrowserManifest {
  exposes?: Array<{ name?: unknown; assets?: { css?: { sync?: unknown } } }>;
}

/** A remote's browser manifest on another origin: the stylesheets of each exposed page. */
export class HttpRemoteManifest {
  private readonly polled: Polled<BrowserManifest>;

  constructor(
    readonly manifestUrl: URL,
    checkMs: number,
    onError: (error: unknown) => void,
  ) {
    this.polled = new Polled(manifestUrl, checkMs, async (text) => JSON.parse(text) as BrowserManifest, onError);
  }

  /** The absolute URLs of the stylesheets of `expose`, or null if the manifest has no such page. */
  async styles(expose: string): Promise<string[] | null> {
    const manifest = await this.polled.get();
    const exposed = manifest?.exposes?.find((e) => e.name === expose);
    if (!exposed) return null;
    const css = exposed.assets?.css?.sync;
    return Array.isArray(css) ? css.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.css$/.test(f)).map((f) => new URL(f, this.manifestUrl).href) : [];
  }
}
