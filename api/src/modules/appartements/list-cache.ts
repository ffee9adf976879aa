/**
 * The catalogue list is read far more often than it changes: it is kept serialised and already
 * compressed, rebuilt after a write in this process, after a write in another process announced
 * through the invalidation bus (Redis), or after `ttlMs` at most (the safety net when Redis is
 * absent or a message is lost).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface CachedBody {
  json: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export class ListCache {
  private entry: { at: number; body: Promise<CachedBody> } | null = null;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Tells the other processes; resolves once they have been told. */
    private readonly announce: () => Promise<void> = async () => undefined,
  ) {}

  /** After a write here: drops this process's copy and tells the others (await it before answering the write). */
  invalidate(): Promise<void> {
    this.entry = null;
    return this.announce();
  }

  /** Another process wrote: only drop the copy. */
  invalidateLocal(): void {
    this.entry = null;
  }

  get(load: () => Promise<unknown>): Promise<CachedBody> {
    const at = this.now();
    if (this.entry && at - this.entry.at < this.ttlMs) return this.entry.body;
    const body = load().then((value) => {
      const json = Buffer.from(JSON.stringify(value));
      return {
        json,
        gzip: gzipSync(json, { level: 6 }),
        br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } }),
        etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
      };
    });
    this.entry = { at, body };
    // A failed load is not kept: the next request tries again.
    body.catch(() => {
      if (this.entry?.body === body) this.entry = null;
    });
    return body;
  }
}
