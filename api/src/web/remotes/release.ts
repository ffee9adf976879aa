/**
 * A remote's release as the server sees it (issue 29): the version a page names and is rendered
 * with. A remote's build publishes each version complete under `releases/<id>/` and then switches
 * the pointer `current.json` (tooling/release.cjs); this process reads the pointer, and the page's
 * runtime configuration names that release's own manifest (`…/releases/<id>/mf-manifest.json`), so
 * the HTML, the server build it was rendered with and the code the browser loads are one version.
 */
import type { RemoteName } from '../../config.js';
import type { RemotePageFiles } from '../page-hints.js';
import type { ServerBuild } from '../ssr/server-build.js';

/** The pointer every remote's build switches, next to its `releases/` folder. */
export const POINTER_FILE = 'current.json';
/** A release folder's name (tooling/release.cjs). */
const RELEASE_ID = /^[0-9a-f]{12}$/;

/** The release id a pointer names, or null when it is not a pointer. */
export function releaseOfPointer(text: string): string | null {
  try {
    const { release } = JSON.parse(text) as { release?: unknown };
    return typeof release === 'string' && RELEASE_ID.test(release) ? release : null;
  } catch {
    return null;
  }
}

/** The folder of a release, relative to the remote's base (its `mf-manifest.json` is in it). */
export const releasePath = (id: string) => `releases/${id}/`;

/** What the server reads of a remote's `mf-manifest.json`. */
export interface BrowserManifest {
  exposes?: Array<{ name?: unknown; assets?: { css?: { sync?: unknown } } }>;
}

export interface RemoteRelease {
  readonly remote: RemoteName;
  /** null: a remote served without releases (a development server), followed at its configured URL. */
  readonly id: string | null;
  /** The manifest the browser registers: this release's own. */
  readonly manifestUrl: string;
  /** Why this process refuses the release (kernel contract), or null. */
  readonly refusal: string | null;
  /** The files announced for a page of this release; null when it does not expose that page. */
  pageFiles(expose: string): RemotePageFiles | null;
  /** Its server build; null when it has none, it is refused, or it comes from another origin. */
  serverBuild(): Promise<ServerBuild | null>;
}

/** The stylesheets of `expose`, resolved against `base` (a path or an absolute URL ending in `/`); null when not exposed. */
export function exposedStyles(manifest: BrowserManifest | null, expose: string, base: string): string[] | null {
  const exposed = manifest?.exposes?.find((e) => e.name === expose);
  if (!exposed) return null;
  const css = exposed.assets?.css?.sync;
  // Bare file names only: the server links them by path and their name is the `data-href` the
  // remote's CSS chunk loader looks for (page-hints.ts).
  return Array.isArray(css)
    ? css.filter((f): f is string => typeof f === 'string' && /^[\w.-]+\.css$/.test(f)).map((f) => `${base}${f}`)
    : [];
}
