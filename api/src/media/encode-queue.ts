/**
 * At most `concurrency` image encodes at a time. AVIF encoding keeps a core busy for a good part
 * of a second: unbounded, a page of cold variants (or a crawler) would take every core from the
 * event loop and the database. A visitor's request goes before the background warm-up, and the
 * warm-up never holds more than one slot, so it only uses CPU the visitors leave.
 */
export type EncodePriority = 'request' | 'background';

export interface QueuedEncode<T> {
  promise: Promise<T>;
  /** A visitor now waits for this background encode: it moves to the request queue if it has not started. */
  promote(): void;
}

export interface EncodeQueue {
  run<T>(task: () => Promise<T>, priority: EncodePriority): QueuedEncode<T>;
}

interface Entry {
  background: boolean;
  start(): void;
}

export function createEncodeQueue(concurrency: number): EncodeQueue {
  const slots = Math.max(1, concurrency);
  const waiting = { request: [] as Entry[], background: [] as Entry[] };
  let active = 0;
  let activeBackground = 0;

  function next(): void {
    while (active < slots) {
      const entry = waiting.request.shift() ?? (activeBackground === 0 ? waiting.background.shift() : undefined);
      if (!entry) return;
      active += 1;
      if (entry.background) activeBackground += 1;
      entry.start();
    }
  }

  return {
    run<T>(task: () => Promise<T>, priority: EncodePriority): QueuedEncode<T> {
      let entry!: Entry;
      const promise = new Promise<T>((resolve, reject) => {
        entry = {
          background: priority === 'background',
          start: () => {
            Promise.resolve()
              .then(task)
              .then(resolve, reject)
              .finally(() => {
                active -= 1;
                if (entry.background) activeBackground -= 1;
                next();
              });
          },
        };
      });
      waiting[priority].push(entry);
      next();
      return {
        promise,
        promote() {
          const index = waiting.background.indexOf(entry);
          if (index < 0) return;
          waiting.background.splice(index, 1);
          entry.background = false;
          waiting.request.push(entry);
          next();
        },
      };
    },
  };
}
