/**
 * Runs `parseFeed` in a worker thread (issue 26): a hostile or huge feed (events over two
 * centuries, a rule repeating every second, thousands of events) costs that thread its time, never
 * the event loop that answers requests. The worker is terminated past `timeoutMs`, its heap is
 * capped at `memoryMb` (resourceLimits), and one feed is read at a time per process, so reading
 * feeds never takes both cores from the requests.
 */
import { Worker } from 'node:worker_threads';
import { FeedParseError, type ParsedFeed } from './parse-feed.js';
import type { ParseRequest } from './parse-worker.js';

export interface ParseBudget {
  timeoutMs: number;
  memoryMb: number;
}

/** Why the worker gave no answer: the feed is refused with the matching French message. */
export class ParseBudgetError extends Error {
  constructor(readonly reason: 'temps' | 'memoire' | 'echec') {
    super(reason);
  }
}

/**
 * The build runs the compiled sibling directly. Sources run through tsx (tests, `npm run dev`),
 * whose hooks a worker does not inherit on Node 20: there the worker loads tsx first, then the source.
 */
function workerEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./parse-worker.js', import.meta.url), eval: false };
  const source = new URL('./parse-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return {
    entry: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}));`,
    eval: true,
  };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Parses one feed in its own worker; waits for the feed read before it. `onStart` is called when its worker starts.
 * @throws FeedParseError when the parser refuses the feed, ParseBudgetError when the worker gives no answer
 */
export function parseOffThread(request: ParseRequest, budget: ParseBudget, onStart?: () => void): Promise<ParsedFeed> {
  const run = queue.then(() => {
    onStart?.();
    return parseInWorker(request, budget);
  });
  queue = run.catch(() => undefined);
  return run;
}

function parseInWorker(request: ParseRequest, budget: ParseBudget): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    const { entry, eval: evaluate } = workerEntry();
    const worker = new Worker(entry, {
      eval: evaluate,
      workerData: request,
      resourceLimits: {
        maxOldGenerationSizeMb: budget.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.floor(budget.memoryMb / 8))),
        stackSizeMb: 4,
      },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new ParseBudgetError('temps'))), budget.timeoutMs);
    worker.once('message', (message: { ok: true; feed: ParsedFeed } | { ok: false; kind: FeedParseError['kind'] | null; detail: string }) =>
      settle(() => {
        if (message.ok) resolve(message.feed);
        else reject(message.kind ? new FeedParseError(message.kind, message.detail) : new ParseBudgetError('echec'));
      }),
    );
    worker.once('error', (error: NodeJS.ErrnoException) =>
      settle(() => reject(new ParseBudgetError(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memoire' : 'echec'))),
    );
    worker.once('exit', () => settle(() => reject(new ParseBudgetError('echec'))));
  });
}
