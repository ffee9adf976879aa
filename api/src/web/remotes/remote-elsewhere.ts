/**
 * A remote deployed on another origin (`REMOTE_<NAME>_URL`, the URL of its `mf-manifest.json`),
 * published there with the same layout as here: `current.json` next to that manifest names the live
 * release, whose files are under `releases/<id>/` (tooling/release.cjs).
 *
 * - A visitor's request never waits on that origin: `current()` answers at once with the last
 *   release read, and starts a check in the background when the last one is older than `checkMs`
 *   (a conditional GET of the pointer, so a check that finds nothing new costs a 304).
 * - The page names the release the server knows (its own manifest URL in the runtime configuration),
 *   so the browser never runs a newer version than the server has seen, and a tab keeps the version
 *   it started with.
 * - Before its origin has answered once, the configured URL is given as is: the browser tries it
 *   itself, within its own time budget. An origin without `current.json` (a development server) is
 *   followed at that URL.
 * - Its server build is never fetched nor run: the API runs only signed server builds of releases
 *   on this machine (issue 28; fetching them from their origin is not done yet), so its pages are rendered in the browser.
 */
import type { RemoteName } from '../../config.js';
import type { ServerBuild } from '../ssr/server-build.js';
import type { KernelCheck } from './kernel-check.js';
import { exposedStyles, POINTER_FILE, releaseOfPointer, releasePath, type BrowserManifest, type RemoteRelease } from './release.js';

const FETCH_TIMEOUT_MS = 3000;

export interface RemoteElsewhereOptions {
  checkMs: number;
  kernel: KernelCheck;
  warn: (message: string, error?: unknown) => void;
  fetchImpl?: typeof fetch;
}

class ReleaseElsewhere implements RemoteRelease {
  constructor(
    readonly remote: RemoteName,
    readonly id: string | null,
    readonly manifestUrl: string,
    private readonly base: URL,
    private readonly manifest: BrowserManifest,
    readonly refusal: string | null,
  ) {}

  pageFiles(expose: string) {
    const styles = exposedStyles(this.manifest, expose, this.base.href);
    return styles && !this.refusal ? { manifest: this.manifestUrl, styles } : null;
  }

  serverBuild(): Promise<ServerBuild | null> {
    return Promise.resolve(null);
  }
}

export class RemoteElsewhere {
  private known: ReleaseElsewhere | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /** ETags of the last pointer and of the last unversioned manifest read. */
  private etags = new Map<string, string>();
  private failing = false;
  private readonly fetchImpl: typeof fetch;

  constructor(
    readonly name: RemoteName,
    /** The configured URL of its `mf-manifest.json`. */
    readonly configured: URL,
    private readonly options: RemoteElsewhereOptions,
  ) {
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  /** The last release read (null before the origin first answers); checks again in the background when due. */
  current(): RemoteRelease | null {
    if (Date.now() - this.checkedAt >= this.options.checkMs) void this.check();
    return this.known;
  }

  /** One check of the origin (concurrent callers share it). Never rejects. */
  check(): Promise<void> {
    this.checkedAt = Date.now();
    this.checking ??= this.refresh().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async refresh(): Promise<void> {
    const pointerUrl = new URL(POINTER_FILE, this.configured);
    try {
      const pointer = await this.get(pointerUrl);
      if (pointer === 'absent') {
        // No releases there: the manifest at the configured URL is the live version.
        const manifest = await this.get(this.configured);
        if (manifest === 'absent') throw new Error(`${this.configured.href} : HTTP 404`);
        if (manifest !== 'unchanged' || this.known?.id !== null) {
          const text = manifest === 'unchanged' ? await this.text(this.configured) : manifest.text;
          this.adopt(null, this.configured.href, new URL('./', this.configured), text);
          if (manifest !== 'unchanged') this.remember(this.configured, manifest.etag);
        }
      } else if (pointer !== 'unchanged') {
        const id = releaseOfPointer(pointer.text);
        if (!id) throw new Error(`${pointerUrl.href} : pointeur de version illisible.`);
        if (id !== this.known?.id) {
          const base = new URL(releasePath(id), this.configured);
          const manifestUrl = new URL('mf-manifest.json', base);
          this.adopt(id, manifestUrl.href, base, await this.text(manifestUrl));
        }
        // Remembered once adopted: a 304 then means "still this release".
        this.remember(pointerUrl, pointer.etag);
      }
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.options.warn(
          `Module distant « ${this.name} » injoignable (${this.configured.origin}) : ${this.known ? `la version ${this.known.id ?? 'connue'} reste annoncée` : "l'adresse configurée est donnée au navigateur"}.`,
          error,
        );
      this.failing = true;
    }
  }

  private adopt(id: string | null, manifestUrl: string, base: URL, text: string): void {
    const manifest = JSON.parse(text) as BrowserManifest;
    const refusal = this.options.kernel.manifest(this.name, manifest);
    if (refusal) this.options.warn(`${refusal} Le navigateur le refuse aussi (« momentanément indisponible »).`);
    this.known = new ReleaseElsewhere(this.name, id, manifestUrl, base, manifest, refusal);
  }

  private remember(url: URL, etag: string | null): void {
    if (etag) this.etags.set(url.href, etag);
    else this.etags.delete(url.href);
  }

  private async text(url: URL): Promise<string> {
    const answer = await this.get(url, false);
    if (typeof answer === 'string') throw new Error(`${url.href} : ${answer === 'absent' ? 'HTTP 404' : 'réponse inattendue'}`);
    return answer.text;
  }

  /** The body and its ETag, 'unchanged' (304 to the ETag remembered) or 'absent' (404). Bounded in time, no redirect. */
  private async get(url: URL, conditional = true): Promise<{ text: string; etag: string | null } | 'unchanged' | 'absent'> {
    const etag = conditional ? this.etags.get(url.href) : undefined;
    const response = await this.fetchImpl(url, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
      headers: etag ? { 'if-none-match': etag } : {},
    });
    if (response.status === 304) return 'unchanged';
    if (response.status === 404) return 'absent';
    if (!response.ok) throw new Error(`${url.href} : HTTP ${response.status}`);
    return { text: await response.text(), etag: response.headers.get('etag') };
  }
}
