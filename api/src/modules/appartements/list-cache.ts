/**
 * The catalogue list is read far more often than it changes: it is kept serialised and already
 * compressed, rebuilt after a write in this process, after a write in another process announced
 * through the invalidation bus (Redis), or after `ttlMs` at most (the safety net when Redis is
 * absent or a message is lost).
 */
import { precompress, type Precompressed } from '../../cache/precompressed.js';

export type CachedBody = Precompressed;

export class ListCache {
  private entry: { at: number; body: Promise<CachedBody> } | null = null;
  private changes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Tells the other processes; resolves once they have been told. */
    private readonly announce: () => Promise<void> = async () => undefined,
  ) {}

  /** After a write here: drops this process's copy and tells the others (await it before answering the write). */
  invalidate(): Promise<void> {
    this.invalidateLocal();
    return this.announce();
  }

  /** Another process wrote: only drop the copy. */
  invalidateLocal(): void {
    this.entry = null;
    this.changes += 1;
  }

  /**
   * Grows at each invalidation, here or announced: what is derived from the catalogue (the HTML of
   * public pages) is current while it was built at the same version and within the same `ttlMs`.
   */
  get version(): number {
    return this.changes;
  }

  get maxAgeMs(): number {
    return this.ttlMs;
  }

  get(load: () => Promise<unknown>): Promise<CachedBody> {
    const at = this.now();
    if (this.entry && at - this.entry.at < this.ttlMs) return this.entry.body;
    const body = load().then((value) => precompress(Buffer.from(JSON.stringify(value))));
    this.entry = { at, body };
    // A failed load is not kept: the next request tries again.
    body.catch(() => {
      if (this.entry?.body === body) this.entry = null;
    });
    return body;
  }
}
