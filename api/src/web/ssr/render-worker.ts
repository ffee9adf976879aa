/**
 * A render worker (issue 28): renders one page at a time, from what the API sends it by message —
 * the page's URL, its data, its runtime configuration and the code of the server builds it needs
 * (sent once per worker, then named by file). It imports React, the router and the kernel (the
 * singletons the builds share, shared-modules.ts), and nothing of the API: no configuration, no
 * database, no secret, and its environment is empty but for NODE_ENV (render-pool.ts).
 *
 * Each build runs in a vm context of its own without Node's globals (evaluate.ts). The page's data
 * goes to the shell's `ServerApp`, which fills that render's own query client with it; the kernel's
 * runtime configuration is this worker's module state, set for one render: renders are parallel
 * across workers, never inside one.
 */
import { parentPort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { createElement, type ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { buildContext, evaluateCommonJs } from './evaluate.js';
import { sharedModules } from './shared-modules.js';

type Kernel = typeof import('shared-kernel');
type PageHead = import('shared-kernel').PageHead;

export interface BuildRef {
  filename: string;
  /** Sent the first time this worker needs the build. */
  code?: string;
}

export interface RenderJob {
  id: number;
  url: string;
  remote: string;
  shell: BuildRef;
  page: BuildRef;
  data: Record<string, unknown>;
  runtimeConfig: unknown;
}

export type RenderAnswer =
  /** `head`: what the page declared with the kernel's `usePageMeta` (null when it declared nothing). */
  | { id: number; ok: true; html: string; modules: string[]; head: PageHead | null }
  /** `build`: the build that could not be loaded (not tried again), else the render failed. */
  | { id: number; ok: false; message: string; stack?: string; build?: string }
  /** The worker no longer holds a build sent without its code: the pool sends the job again with it. */
  | { id: number; ok: false; resend: true; message: string };

/** Builds kept evaluated in this worker: the current releases and the ones just before. */
const KEPT_BUILDS = 6;

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

class BuildLoadError extends Error {
  constructor(
    readonly build: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.stack = cause instanceof Error ? cause.stack : this.stack;
  }
}

class MissingCode extends Error {}

const builds = new Map<string, Record<string, unknown>>();

function buildExports(ref: BuildRef, shared: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const known = builds.get(ref.filename);
  if (known) return known;
  if (ref.code === undefined) throw new MissingCode(ref.filename);
  let exported: unknown;
  try {
    exported = evaluateCommonJs(ref.code, ref.filename, shared, buildContext());
  } catch (error) {
    throw new BuildLoadError(ref.filename, error);
  }
  if (!exported || typeof exported !== 'object')
    throw new BuildLoadError(ref.filename, new Error(`Le build serveur ${ref.filename} n'exporte rien.`));
  builds.set(ref.filename, exported as Record<string, unknown>);
  for (const old of [...builds.keys()].slice(0, Math.max(0, builds.size - KEPT_BUILDS))) builds.delete(old);
  return exported as Record<string, unknown>;
}

async function render(job: RenderJob, shared: Readonly<Record<string, unknown>>, kernel: Kernel): Promise<RenderAnswer> {
  const shell = buildExports(job.shell, shared);
  const page = buildExports(job.page, shared);
  const ServerApp = shell.ServerApp as
    ComponentType<{ url: string; modules: ReadonlyMap<string, ComponentType>; data: Record<string, unknown> }> | undefined;
  const exposed = page.modules as Record<string, { default?: unknown }> | undefined;
  if (typeof ServerApp !== 'function')
    throw new BuildLoadError(job.shell.filename, new Error("Le build serveur de la coquille n'exporte pas ServerApp."));
  if (!exposed || typeof exposed !== 'object')
    throw new BuildLoadError(job.page.filename, new Error(`Le build serveur ${job.page.filename} n'expose aucun module.`));
  const modules = new UsedModules();
  for (const [key, module] of Object.entries(exposed)) {
    if (typeof module?.default === 'function') modules.set(`${job.remote}/${key.replace(/^\.\//, '')}`, module.default as ComponentType);
  }
  kernel.setRuntimeConfig(job.runtimeConfig as Parameters<Kernel['setRuntimeConfig']>[0]);
  kernel.takeServerPageHead();
  try {
    const html = await renderToString(createElement(ServerApp, { url: job.url, modules, data: job.data }));
    return { id: job.id, ok: true, html, modules: [...modules.used].sort(), head: kernel.takeServerPageHead() };
  } finally {
    kernel.takeServerPageHead();
  }
}

/**
 * React's streaming renderer, read to the end: the page is cached whole, so it waits for every
 * boundary (`onAllReady`). An error anywhere, even inside a Suspense boundary React could leave to
 * the browser, fails the render: a half-rendered page would hydrate with errors. The time budget is
 * the pool's (the worker is stopped past it).
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
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- React's error, passed on as it came
        if (failure) reject(failure);
        else stream.pipe(sink);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        failure ??= error;
      },
    });
  });
}

const port = parentPort;
if (port) {
  const ready = sharedModules().then((shared) => {
    const kernel = shared['shared-kernel'] as Kernel;
    // The server renders a visitor without a session: the browser's first render is the same.
    kernel.sessionWriter.signedOut();
    return { shared, kernel };
  });
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (job: RenderJob) => {
    queue = queue.then(async () => {
      const { shared, kernel } = await ready;
      let answer: RenderAnswer;
      try {
        answer = await render(job, shared, kernel);
      } catch (error) {
        if (error instanceof MissingCode) {
          port.postMessage({ id: job.id, ok: false, resend: true, message: error.message });
          return;
        }
        const failed = error instanceof BuildLoadError ? { build: error.build } : {};
        answer = {
          id: job.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
          ...failed,
        };
      }
      port.postMessage(answer);
    });
  });
  void ready.then(() => port.postMessage('prêt'));
}
