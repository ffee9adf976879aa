/**
 * Server rendering of the public pages (issue 17): the shell's routes and layout from the shell's
 * server build, with the page's module from the server build of its remote's release (the one the
 * page names, web/remotes/), rendered by React's streaming renderer into HTML for `#root`. The
 * browser hydrates it (shell/src/bootstrap.tsx).
 *
 * Since issue 28 the render itself runs in a pool of worker threads (render-pool.ts,
 * render-worker.ts) that get the page's data by message: renders run in parallel, a render past its
 * time or memory budget is stopped, and no server build runs where the API's secrets and database
 * are. Any failure (a build missing, refused or throwing, an error inside the tree, a budget
 * exceeded) gives `null`: the page is then sent as before, rendered in the browser, never as a 500.
 */
import path from 'node:path';
import type { PageHead } from 'shared-kernel';
import { RenderPool, type PoolOptions } from './render-pool.js';
import { ServerBuildLoader, type ServerBuild } from './server-build.js';
import { sharedModules } from './shared-modules.js';

export interface RenderedPage {
  /** The HTML of `#root`. */
  html: string;
  /** The remote modules the server rendered in the page (the browser loads these before it hydrates). */
  modules: string[];
  /** The head the page declared (kernel `usePageMeta`), checked: strings of sensible length only. */
  head: PageHead | null;
}

/** The worker's answer is the remote's code speaking: only a well-formed head is used. */
function checkedHead(value: unknown): PageHead | null {
  if (!value || typeof value !== 'object') return null;
  const { title, description, image, noindex } = value as Record<string, unknown>;
  const text = (v: unknown, max: number) => typeof v === 'string' && v.trim() !== '' && v.length <= max;
  if (!text(title, 300)) return null;
  return {
    title: title as string,
    description: text(description, 1000) ? (description as string) : null,
    image: text(image, 2000) ? (image as string) : null,
    noindex: noindex === true,
  };
}

export interface RendererOptions {
  shellDir: string;
  warn: (message: string, error: unknown) => void;
  /** Workers, time budget of one render (ms), heap of one worker (MB). */
  pool: PoolOptions;
}

/** A failure that came back from a worker, logged with the worker's stack. */
class RenderFailure extends Error {
  constructor(message: string, stack?: string) {
    super(message);
    this.name = 'RenderFailure';
    if (stack) this.stack = stack;
  }
}

export class PageRenderer {
  /** Builds that could not be loaded in a worker: not sent again (a build never changes under its name). */
  private readonly broken = new Set<string>();

  private constructor(
    private readonly shell: ServerBuildLoader,
    private readonly pool: RenderPool,
    private readonly options: RendererOptions,
  ) {}

  static async create(options: RendererOptions): Promise<PageRenderer> {
    const shared = await sharedModules();
    const report = (label: string, error: unknown) =>
      options.warn(`Build serveur « ${label} » ignoré : le site est rendu dans le navigateur.`, error);
    const shell = new ServerBuildLoader('shell', path.join(options.shellDir, 'server'), shared, report);
    return new PageRenderer(shell, new RenderPool(options.pool), options);
  }

  /** The shell's server build (re-read when its manifest changes), or null. */
  async shellBuild(): Promise<ServerBuild | null> {
    const build = await this.shell.current();
    return build && !this.broken.has(build.filename) ? build : null;
  }

  /**
   * The page at `url` rendered with `page` (the server build of the release of `remote` the page
   * names), `data` (public API answers by path) and the page's own runtime configuration; or null.
   */
  async render(
    url: string,
    remote: string,
    page: ServerBuild,
    data: Record<string, unknown>,
    runtimeConfig: unknown,
  ): Promise<RenderedPage | null> {
    const shell = await this.shellBuild();
    if (!shell || this.broken.has(page.filename)) return null;
    const answer = await this.pool.render({ url, remote, data, runtimeConfig }, shell, page);
    if (answer.ok) return { html: answer.html, modules: answer.modules, head: checkedHead(answer.head) };
    if ('build' in answer && answer.build) {
      this.broken.add(answer.build);
      this.options.warn(
        `Build serveur ${answer.build} ignoré : il ne se charge pas, ses pages sont rendues dans le navigateur.`,
        new RenderFailure(answer.message, answer.stack),
      );
    } else {
      this.options.warn(
        `Rendu serveur de ${url} impossible : la page est rendue dans le navigateur.`,
        new RenderFailure(answer.message, 'stack' in answer ? answer.stack : undefined),
      );
    }
    return null;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
