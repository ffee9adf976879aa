/**
 * A remote built in this repository and served by this process from its `dist/` folder at
 * `/mfe/<name>/`: the release named by `dist/current.json`, read again whenever the pointer changes
 * (a stat per request), so a redeploy is live with its next request, with no restart. A release is
 * never changed once published: what is read of it (its manifest, its server build) is kept by id.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '../../config.js';
import { loadServerBuild, type ServerBuild, type ServerManifest } from '../ssr/server-build.js';
import type { SharedModules } from '../ssr/shared-modules.js';
import type { SigningKeys } from '../ssr/signature.js';
import type { KernelCheck } from './kernel-check.js';
import { exposedStyles, POINTER_FILE, releaseOfPointer, releasePath, type BrowserManifest, type RemoteRelease } from './release.js';

/** Releases kept in memory per remote: the current one and those open tabs may still render with. */
const KEPT = 3;

export interface LocalRemoteOptions {
  /** Shared modules for its server builds; null: no server rendering. */
  shared: (() => Promise<SharedModules>) | null;
  kernel: KernelCheck;
  /** The publishers' keys (REMOTE_SIGNING_KEYS): a server build runs only when one of them signed it. */
  keys: SigningKeys;
  warn: (message: string, error?: unknown) => void;
}

class LocalRelease implements RemoteRelease {
  readonly manifestUrl: string;
  private readonly base: string;
  private server: Promise<ServerBuild | null> | null = null;

  constructor(
    readonly remote: RemoteName,
    readonly id: string,
    private readonly dir: string,
    private readonly manifest: BrowserManifest,
    readonly refusal: string | null,
    private readonly options: LocalRemoteOptions,
  ) {
    this.base = `/mfe/${remote}/${releasePath(id)}`;
    this.manifestUrl = `${this.base}mf-manifest.json`;
  }

  pageFiles(expose: string) {
    const styles = exposedStyles(this.manifest, expose, this.base);
    return styles && !this.refusal ? { manifest: this.manifestUrl, styles } : null;
  }

  serverBuild(): Promise<ServerBuild | null> {
    this.server ??= this.loadServer();
    return this.server;
  }

  private async loadServer(): Promise<ServerBuild | null> {
    const { shared } = this.options;
    if (!shared || this.refusal) return null;
    const dir = path.join(this.dir, 'server');
    let text: string;
    try {
      text = readFileSync(path.join(dir, 'server-manifest.json'), 'utf8');
    } catch {
      return null; // A remote without public pages has no server build.
    }
    try {
      const refusal = this.options.kernel.server(this.remote, (JSON.parse(text) as ServerManifest).kernel);
      if (refusal) throw new Error(refusal);
      return await loadServerBuild(
        text,
        dir,
        async (file) => readFileSync(path.join(dir, file), 'utf8'),
        await shared(),
        this.options.keys,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.options.warn(
        `Build serveur de « ${this.remote} » (version ${this.id}) ignoré : ses pages sont rendues dans le navigateur. ${reason}`,
        error,
      );
      return null;
    }
  }
}

export class LocalRemote {
  private pointer: { stamp: string; release: LocalRelease | null } | null = null;
  private readonly releases = new Map<string, LocalRelease>();

  constructor(
    readonly name: RemoteName,
    private readonly distDir: string,
    private readonly options: LocalRemoteOptions,
  ) {}

  /** The release the pointer names now; while the pointer names nothing usable, the last good one. */
  current(): RemoteRelease | null {
    const file = path.join(this.distDir, POINTER_FILE);
    let stamp: string;
    try {
      const stat = statSync(file);
      stamp = `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
    } catch {
      this.pointer = null;
      return null;
    }
    if (this.pointer?.stamp === stamp) return this.pointer.release;
    const id = releaseOfPointer(this.read(file) ?? '');
    const release = (id && this.release(id)) || this.pointer?.release || null;
    if (!id) this.options.warn(`Pointeur de version illisible : ${file}.`);
    this.pointer = { stamp, release };
    return release;
  }

  private read(file: string): string | null {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  }

  private release(id: string): LocalRelease | null {
    const known = this.releases.get(id);
    if (known) return known;
    const dir = path.join(this.distDir, releasePath(id));
    let manifest: BrowserManifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')) as BrowserManifest;
    } catch (error) {
      this.options.warn(`Version ${id} de « ${this.name} » introuvable ou incomplète : la précédente reste en ligne.`, error);
      return null;
    }
    const refusal = this.options.kernel.manifest(this.name, manifest);
    if (refusal)
      this.options.warn(`${refusal} Ses pages sont rendues dans le navigateur, qui le refuse aussi (« momentanément indisponible »).`);
    const release = new LocalRelease(this.name, id, dir, manifest, refusal, this.options);
    this.releases.set(id, release);
    for (const old of [...this.releases.keys()].slice(0, Math.max(0, this.releases.size - KEPT))) this.releases.delete(old);
    return release;
  }
}
