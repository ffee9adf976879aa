/**
 * Server rendering of the public pages (issue 17): the shell's routes and layout from the shell's
 * server build, with the page's module from the server build of its remote's release (the one the
 * page names, web/remotes/), rendered by React's streaming renderer into HTML for `#root`. The
 * browser hydrates it (shell/src/bootstrap.tsx).
 *
 * Renders run one at a time: the kernel answers the page's data from a module-level slot (the same
 * `takePageData` the browser reads from the page), and the finished HTML is cached by the page
 * cache, so one render per page and catalogue version is all the work.
 * Any failure (a build missing or throwing, an error inside the tree) gives `null`: the page is then
 * sent as before, rendered in the browser, never as a 500.
 */
import path from 'node:path';
import { Writable } from 'node:stream';
import { createElement, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerBuildLoader, type ServerBuild } from './server-build.js';
import { sharedModules } from './shared-modules.js';

type Kernel = typeof import('shared-kernel');

export interface RenderedPage {
  /** The HTML of `#root`. */
  html: string;
  /** The remote modules the server rendered in the page (the browser loads these before it hydrates). */
  modules: string[];
}

/** Past this, a render is abandoned and the page is rendered in the browser. */
const RENDER_TIMEOUT_MS = 3000;

export interface RendererOptions {
  shellDir: string;
  warn: (message: string, error: unknown) => void;
}

/**
 * The server build's modules, noting which ones the page rendered (the kernel's RemoteView asks with
 * `get`): only those are named to the browser, which loads their code before hydrating.
 */
class UsedModules extends Map<string, ComponentType> {
  readonly used = new Set<string>();

  override get(module: string): ComponentType | undefined {
    const found = super.get(module);
    if (found) this.used.add(module);
    return found;
  }
}

export class PageRenderer {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly kernel: Kernel,
    private readonly shell: ServerBuildLoader,
    private readonly options: RendererOptions,
  ) {}

  static async create(options: RendererOptions): Promise<PageRenderer> {
    const shared = await sharedModules();
    const kernel = shared['shared-kernel'] as Kernel;
    const report = (label: string, error: unknown) => options.warn(`Build serveur « ${label} » ignoré : le site est rendu dans le navigateur.`, error);
    const shell = new ServerBuildLoader('shell', path.join(options.shellDir, 'server'), shared, report);
    // The server renders a visitor without a session: the browser's first render is the same.
    kernel.sessionWriter.signedOut();
    return new PageRenderer(kernel, shell, options);
  }

  /** The shell's server build (re-read when its manifest changes), or null. */
  shellBuild(): Promise<ServerBuild | null> {
    return this.shell.current();
  }

  /**
   * The page at `url` rendered with `page` (the server build of the release of `remote` the page
   * names), `data` (public API answers by path) and the page's own runtime configuration; or null.
   */
  render(url: string, remote: string, page: ServerBuild, data: Record<string, unknown>, runtimeConfig: unknown): Promise<RenderedPage | null> {
    const run = this.queue.then(() => this.renderNow(url, remote, page, data, runtimeConfig));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async renderNow(url: string, remote: string, page: ServerBuild, data: Record<string, unknown>, runtimeConfig: unknown): Promise<RenderedPage | null> {
    const shell = await this.shell.current();
    const ServerApp = shell?.exports.ServerApp as ComponentType<{ url: string; modules: ReadonlyMap<string, ComponentType> }> | undefined;
    const exposed = page.exports.modules as Record<string, { default?: unknown }> | undefined;
    if (typeof ServerApp !== 'function' || !exposed || typeof exposed !== 'object') return null;
    const modules = new UsedModules();
    for (const [key, module] of Object.entries(exposed)) {
      if (typeof module?.default === 'function') modules.set(`${remote}/${key.replace(/^\.\//, '')}`, module.default as ComponentType);
    }
    this.kernel.setRuntimeConfig(runtimeConfig as Parameters<Kernel['setRuntimeConfig']>[0]);
    this.kernel.setServerPageData(data);
    try {
      const html = await renderToString(createElement(ServerApp, { url, modules }));
      return { html, modules: [...modules.used].sort() };
    } catch (error) {
      this.options.warn(`Rendu serveur de ${url} impossible : la page est rendue dans le navigateur.`, error);
      return null;
    } finally {
      this.kernel.setServerPageData(null);
    }
  }
}

/**
 * React's streaming renderer, read to the end: the page is cached whole, so it waits for every
 * boundary (`onAllReady`). An error anywhere, even inside a Suspense boundary React could leave to
 * the browser, fails the render: a half-rendered page would hydrate with errors.
 */
function renderToString(element: ReturnType<typeof createElement>): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown = null;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        callback();
      },
      final(callback) {
        callback();
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- React's error, passed on as it came
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in order: a large one would otherwise be sent apart and moved into
      // place by an inline script, which the CSP forbids (and the page is sent whole anyway).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- React's error, passed on as it came
        if (failure) reject(failure);
        else stream.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error) {
        failure ??= error;
      },
    });
    const timer = setTimeout(() => {
      failure ??= new Error(`Rendu serveur abandonné après ${RENDER_TIMEOUT_MS} ms.`);
      stream.abort();
    }, RENDER_TIMEOUT_MS);
  });
}
