/**
 * A package's server build, as its deploy left it in `<dist>/server/` (server-manifest.json naming
 * server.<hash>.js). The manifest is checked on every use (a stat), and a new one is loaded at once:
 * redeploying a remote changes what the server renders, with no restart and no shell rebuild.
 * A build that is missing, refuses to load or needs a module the API does not share is `null`
 * (the page is then rendered in the browser), and is not tried again until its manifest changes.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { evaluateCommonJs } from './evaluate.js';
import type { SharedModules } from './shared-modules.js';

export interface ServerBuild {
  /** The build's file name (it carries the content hash): part of the page cache's key. */
  version: string;
  exports: Record<string, unknown>;
}

interface ServerManifest {
  file?: unknown;
  externals?: unknown;
}

const SERVER_FILE = /^server\.[0-9a-f]{10}\.js$/;

export class ServerBuildLoader {
  private known: { mtimeMs: number; build: ServerBuild | null } | null = null;

  constructor(
    readonly label: string,
    private readonly dir: string,
    private readonly shared: SharedModules,
    private readonly onError: (label: string, error: unknown) => void,
  ) {}

  current(): ServerBuild | null {
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
      build = this.load(manifestFile);
    } catch (error) {
      this.onError(this.label, error);
    }
    this.known = { mtimeMs, build };
    return build;
  }

  private load(manifestFile: string): ServerBuild {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ServerManifest;
    if (typeof manifest.file !== 'string' || !SERVER_FILE.test(manifest.file)) throw new Error(`Manifeste serveur invalide (${manifestFile}).`);
    const externals = Array.isArray(manifest.externals) ? manifest.externals : [];
    const missing = externals.filter((name) => typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(this.shared, name));
    if (missing.length > 0) throw new Error(`Le build serveur demande des modules que l'API ne partage pas : ${missing.join(', ')}.`);
    const file = path.join(this.dir, manifest.file);
    const exported = evaluateCommonJs(readFileSync(file, 'utf8'), file, this.shared);
    if (!exported || typeof exported !== 'object') throw new Error(`Le build serveur ${file} n'exporte rien.`);
    return { version: manifest.file, exports: exported as Record<string, unknown> };
  }
}
