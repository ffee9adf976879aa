/**
 * Every remote of the site and the release of each a page names (issue 29): the remotes built in
 * this repository (their `dist/current.json`), and those deployed on another origin
 * (`REMOTE_<NAME>_URL`, which wins). One snapshot per request gives the page its runtime
 * configuration, the files it announces and the server build it is rendered with, all of the same
 * releases.
 */
import path from 'node:path';
import { type AppConfig, REMOTE_NAMES, type RemoteName } from '../../config.js';
import type { SharedModules } from '../ssr/shared-modules.js';
import type { SigningKeys } from '../ssr/signature.js';
import type { KernelCheck } from './kernel-check.js';
import { LocalRemote } from './local-remote.js';
import type { RemoteRelease } from './release.js';
import { RemoteElsewhere } from './remote-elsewhere.js';

/** Registered by the shell only once the session says admin: its URL is never in a visitor's configuration. */
export const ADMIN_REMOTE: RemoteName = 'admin';

/** Where a remote's build lives in this repository (served under /mfe/<name>/). */
export function remoteDistDir(config: AppConfig, name: RemoteName): string {
  return path.join(config.staticRoot, `mfe-${name}`, 'dist');
}

export interface RemotesSnapshot {
  /** Remote name -> the manifest the browser registers (admin never among them). */
  browser: Record<string, string>;
  /** The admin remote's manifest, for an admin's session only. */
  admin: string | null;
  /** The release of each remote whose release is known. */
  releases: ReadonlyMap<RemoteName, RemoteRelease>;
  /** Stands for everything above in a cache key. */
  signature: string;
}

interface Source {
  current(): RemoteRelease | null;
  /** What the browser is given while no release is known (a remote elsewhere not read yet). */
  readonly fallbackUrl: string | null;
}

export class SiteRemotes {
  private constructor(private readonly sources: ReadonlyMap<RemoteName, Source>) {}

  static create(
    config: AppConfig,
    options: {
      kernel: KernelCheck;
      keys: SigningKeys;
      shared: (() => Promise<SharedModules>) | null;
      warn: (message: string, error?: unknown) => void;
      fetchImpl?: typeof fetch;
    },
  ): SiteRemotes {
    const sources = new Map<RemoteName, Source>();
    for (const name of REMOTE_NAMES) {
      const configured = absoluteUrl(config.remoteUrls[name]);
      if (configured) {
        const remote = new RemoteElsewhere(name, configured, {
          checkMs: config.remoteCheckMs,
          kernel: options.kernel,
          warn: options.warn,
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        });
        void remote.check();
        if (config.serverRendering) {
          options.warn(
            `Module distant « ${name} » servi par ${configured.origin} : ses pages sont rendues dans le navigateur. L'API n'exécute pas de build serveur venu d'une autre origine.`,
          );
        }
        sources.set(name, { current: () => remote.current(), fallbackUrl: configured.href });
      } else if (config.remoteUrls[name]) {
        // A path on this site (a proxy in front of the API): given as is, never read by the server.
        const url = config.remoteUrls[name];
        sources.set(name, { current: () => null, fallbackUrl: url });
      } else {
        const dir = remoteDistDir(config, name);
        const local = new LocalRemote(name, dir, {
          shared: options.shared,
          kernel: options.kernel,
          keys: options.keys,
          warn: options.warn,
        });
        sources.set(name, { current: () => local.current(), fallbackUrl: null });
      }
    }
    return new SiteRemotes(sources);
  }

  /** Whether `name` is served by this process from its build folder. */
  isLocal(name: RemoteName): boolean {
    return this.sources.get(name)?.fallbackUrl === null;
  }

  snapshot(): RemotesSnapshot {
    const browser: Record<string, string> = {};
    const releases = new Map<RemoteName, RemoteRelease>();
    let admin: string | null = null;
    for (const [name, source] of this.sources) {
      const release = source.current();
      if (release) releases.set(name, release);
      const url = release?.manifestUrl ?? source.fallbackUrl;
      if (!url) continue;
      if (name === ADMIN_REMOTE) admin = url;
      else browser[name] = url;
    }
    return { browser, admin, releases, signature: Object.values(browser).join(' ') };
  }
}

/** An absolute http(s) URL, or null (a path on this site, or nothing). */
function absoluteUrl(value: string | undefined): URL | null {
  try {
    const url = value ? new URL(value) : null;
    return url && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
}
