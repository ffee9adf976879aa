/**
 * A package's server build: `server-manifest.json` naming `server.<hash>.js` (and, in a remote's
 * release, the file's sha256, the kernel contract and the publisher's signature). The shell's is in
 * `shell/dist/server/` (`ServerBuildLoader`, checked with a stat on every use); a remote's is part of
 * its release, read from this machine only (web/remotes/local-remote.ts), and accepted only when a
 * key of `REMOTE_SIGNING_KEYS` signed it (signature.ts). Here the build is only read and checked:
 * it runs in the render workers (render-pool.ts), never in the API's own thread. A build that is
 * missing or refused is `null` (the page is then rendered in the browser), and is not tried again
 * until its manifest changes.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SharedModules } from './shared-modules.js';
import { signatureProblem, type SigningKeys } from './signature.js';

export interface ServerBuild {
  /** The build's file name (it carries the content hash): part of the page cache's key. */
  version: string;
  /** Where it was read (in logs, and what a render worker knows it by). */
  filename: string;
  /** Its code, checked against its manifest (and its signature for a remote's). */
  code: string;
}

export interface ServerManifest {
  file?: unknown;
  externals?: unknown;
  /** sha256 of the file, written by a release (tooling/release.cjs). */
  sha256?: unknown;
  /** The kernel contract of the server build (a release's). */
  kernel?: unknown;
  /** `{ alg: 'Ed25519', key, value }` over the file's SHA-256 (tooling/signing.cjs), a release's. */
  signature?: unknown;
}

const SERVER_FILE = /^server\.[0-9a-f]{10}\.js$/;

/**
 * Checks a server manifest and reads the file it names (with `readFile`): only shared modules it may
 * ask for, the digest its manifest records and, with `keys` (a remote's release), a signature by one
 * of them. `where` names the build in errors.
 */
export async function loadServerBuild(
  manifestText: string,
  where: string,
  readFile: (file: string) => Promise<string>,
  shared: SharedModules,
  keys: SigningKeys | null = null,
): Promise<ServerBuild> {
  const manifest = JSON.parse(manifestText) as ServerManifest;
  if (typeof manifest.file !== 'string' || !SERVER_FILE.test(manifest.file)) throw new Error(`Manifeste serveur invalide (${where}).`);
  const externals = Array.isArray(manifest.externals) ? manifest.externals : [];
  const missing = externals.filter((name) => typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(shared, name));
  if (missing.length > 0) throw new Error(`Le build serveur demande des modules que l'API ne partage pas : ${missing.join(', ')}.`);
  const code = await readFile(manifest.file);
  const digest = createHash('sha256').update(code).digest();
  if ((keys || manifest.sha256 !== undefined) && digest.toString('hex') !== manifest.sha256) {
    throw new Error(`Le build serveur ${where}/${manifest.file} ne correspond pas à l'empreinte de son manifeste.`);
  }
  if (keys) {
    const problem = signatureProblem(manifest.signature, digest, keys);
    if (problem) throw new Error(`Le build serveur ${where}/${manifest.file} n'est pas exécuté : ${problem}.`);
  }
  return { version: manifest.file, filename: `${where}/${manifest.file}`, code };
}

/** The server build in a folder of this machine (the shell's), re-read when its manifest changes. */
export class ServerBuildLoader {
  private known: { mtimeMs: number; build: ServerBuild | null } | null = null;

  constructor(
    readonly label: string,
    private readonly dir: string,
    private readonly shared: SharedModules,
    private readonly onError: (label: string, error: unknown) => void,
  ) {}

  async current(): Promise<ServerBuild | null> {
    const manifestFile = path.join(this.dir, 'server-manifest.json');
    let mtimeMs: number;
    try {
      mtimeMs = statSync(manifestFile).mtimeMs;
    } catch {
      this.known = null;
      return null;
    }
    if (this.known && this.known.mtimeMs === mtimeMs) return this.known.build;
    let build: ServerBuild | null = null;
    try {
      build = await loadServerBuild(
        readFileSync(manifestFile, 'utf8'),
        this.dir,
        async (file) => readFileSync(path.join(this.dir, file), 'utf8'),
        this.shared,
      );
    } catch (error) {
      this.onError(this.label, error);
    }
    this.known = { mtimeMs, build };
    return build;
  }
}
