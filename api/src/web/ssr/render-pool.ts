/**
 * The pool of render workers (issue 28, DECISIONS 41). Server rendering never runs in the API's own
 * thread: each page is rendered by one of `size` worker threads (render-worker.ts), which get the
 * page's data and the builds' code by message and hold no secret and no database handle — their
 * environment is `{ NODE_ENV }` only, and they import nothing of the API's configuration.
 *
 * - Renders run in parallel, one per worker; the rest wait their turn.
 * - A render past `budgetMs`, or a worker past its heap (`resourceLimits`), is stopped: the worker
 *   is terminated (a synchronous loop cannot be interrupted any other way) and replaced, and the
 *   page is rendered in the browser.
 * - Workers start at the first render (all of them), and a worker's start-up (loading React and the
 *   kernel) is not counted in the budget.
 */
import { Worker } from 'node:worker_threads';
import type { BuildRef, RenderAnswer, RenderJob } from './render-worker.js';
import type { ServerBuild } from './server-build.js';

export interface PoolOptions {
  size: number;
  budgetMs: number;
  memoryMb: number;
}

export type PoolResult = RenderAnswer | { ok: false; message: string; stopped: 'temps' | 'mémoire' | 'arrêt' };

interface Pending {
  job: Omit<RenderJob, 'id' | 'shell' | 'page'>;
  shell: ServerBuild;
  page: ServerBuild;
  resolve: (result: PoolResult) => void;
}

/** Builds a worker is remembered to hold (the worker may have dropped one: it then asks again). */
const KNOWN_BUILDS = 6;

/**
 * The build runs the compiled sibling directly. Sources run through tsx (tests, `npm run dev`),
 * whose hooks a worker does not inherit on Node 20: there the worker loads tsx first, then the source.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./render-worker.js', import.meta.url), eval: false };
  const source = new URL('./render-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return {
    entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}));`,
    eval: true,
  };
}

class Slot {
  readonly worker: Worker;
  readonly ready: Promise<boolean>;
  readonly known: string[] = [];
  current: { id: number; pending: Pending; timer: NodeJS.Timeout | null; resent: boolean } | null = null;
  dead = false;

  constructor(
    options: PoolOptions,
    onAnswer: (slot: Slot, answer: RenderAnswer) => void,
    onDeath: (slot: Slot, error: NodeJS.ErrnoException | null) => void,
  ) {
    const { entry, eval: evaluate } = workerEntry();
    this.worker = new Worker(entry, {
      eval: evaluate,
      // Nothing of the API's environment (keys, database URL): React only needs to know its mode.
      env: process.env.NODE_ENV ? { NODE_ENV: process.env.NODE_ENV } : {},
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(options.memoryMb / 8))),
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    this.worker.unref();
    this.ready = new Promise((resolve) => {
      this.worker.on('message', (message: RenderAnswer | 'prêt') => {
        if (message === 'prêt') resolve(true);
        else onAnswer(this, message);
      });
      this.worker.once('error', (error: NodeJS.ErrnoException) => {
        resolve(false);
        onDeath(this, error);
      });
      this.worker.once('exit', () => {
        resolve(false);
        onDeath(this, null);
      });
    });
  }

  ref(build: ServerBuild): BuildRef {
    return this.known.includes(build.filename) ? { filename: build.filename } : { filename: build.filename, code: build.code };
  }

  remember(build: ServerBuild): void {
    if (this.known.includes(build.filename)) return;
    this.known.push(build.filename);
    if (this.known.length > KNOWN_BUILDS) this.known.shift();
  }
}

export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(readonly options: PoolOptions) {}

  /** Renders `job` with the shell's and the page's server builds in the next free worker. */
  render(job: Pending['job'], shell: ServerBuild, page: ServerBuild): Promise<PoolResult> {
    return new Promise((resolve) => {
      if (this.closed) return resolve({ ok: false, message: 'Rendu serveur arrêté.', stopped: 'arrêt' });
      this.waiting.push({ job, shell, page, resolve });
      this.dispatch();
    });
  }

  /** Stops every worker (the API is closing). */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.resolve({ ok: false, message: 'Rendu serveur arrêté.', stopped: 'arrêt' });
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.waiting.length > 0 && !this.closed) {
      // The pool fills up at once (a worker takes a moment to load React and the kernel).
      while (this.slots.length < this.options.size) {
        this.slots.push(
          new Slot(
            this.options,
            (s, answer) => this.answered(s, answer),
            (s, error) => this.died(s, error),
          ),
        );
      }
      const slot = this.slots.find((s) => !s.current && !s.dead);
      if (!slot) return;
      this.start(slot, this.waiting.shift()!);
    }
  }

  private start(slot: Slot, pending: Pending, resent = false): void {
    const id = this.nextId++;
    slot.current = { id, pending, timer: null, resent };
    void slot.ready.then((ok) => {
      if (!ok || slot.current?.id !== id) return;
      const message: RenderJob = {
        ...pending.job,
        id,
        shell: resent ? { filename: pending.shell.filename, code: pending.shell.code } : slot.ref(pending.shell),
        page: resent ? { filename: pending.page.filename, code: pending.page.code } : slot.ref(pending.page),
      };
      slot.current.timer = setTimeout(() => this.stop(slot, 'temps'), this.options.budgetMs);
      slot.worker.postMessage(message);
    });
  }

  private answered(slot: Slot, answer: RenderAnswer): void {
    const current = slot.current;
    if (!current || current.id !== answer.id) return;
    if (current.timer) clearTimeout(current.timer);
    slot.current = null;
    if (!answer.ok && 'resend' in answer && !current.resent) {
      slot.known.length = 0;
      this.start(slot, current.pending, true);
      return;
    }
    if (answer.ok) {
      slot.remember(current.pending.shell);
      slot.remember(current.pending.page);
    }
    current.pending.resolve(answer);
    this.dispatch();
  }

  private stop(slot: Slot, why: 'temps' | 'mémoire'): void {
    const current = slot.current;
    this.retire(slot);
    void slot.worker.terminate();
    if (current) {
      const message =
        why === 'temps'
          ? `Rendu serveur arrêté après ${this.options.budgetMs} ms.`
          : `Rendu serveur arrêté : plus de ${this.options.memoryMb} Mo de mémoire.`;
      current.pending.resolve({ ok: false, message, stopped: why });
    }
    this.dispatch();
  }

  private died(slot: Slot, error: NodeJS.ErrnoException | null): void {
    if (slot.dead) return;
    const current = slot.current;
    if (current?.timer) clearTimeout(current.timer);
    this.retire(slot);
    if (current) {
      const memory = error?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      current.pending.resolve({
        ok: false,
        message: memory
          ? `Rendu serveur arrêté : plus de ${this.options.memoryMb} Mo de mémoire.`
          : `Worker de rendu arrêté${error ? ` : ${error.message}` : '.'}`,
        stopped: memory ? 'mémoire' : 'arrêt',
      });
    }
    this.dispatch();
  }

  private retire(slot: Slot): void {
    slot.dead = true;
    if (slot.current?.timer) clearTimeout(slot.current.timer);
    slot.current = null;
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }
}
