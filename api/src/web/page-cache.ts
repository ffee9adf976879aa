/**
 * The finished HTML of pages, kept compressed (issue 17). Building a page costs reading the
 * catalogue, writing its data and hints into the shell, and compressing the result: about 200 pages
 * a second with 200 apartments, against thousands for the cached list. A page is built once, then
 * served from here until the catalogue changes (the list cache's version moves, here or in another
 * process through the invalidation bus) or `maxAgeMs` passes (the same safety net as the list).
 *
 * Keys are chosen by the caller from a bounded set (public pages that exist, and one key for every
 * page that is only the shell), so a crawler of random addresses cannot fill the memory; the oldest
 * entry goes beyond `maxEntries` anyway.
 */
import { precompress, type Precompressed, type PrecompressOptions } from '../cache/precompressed.js';

export interface CachedPage {
  status: number;
  body: Precompressed;
}

interface Entry {
  at: number;
  version: number;
  page: Promise<CachedPage>;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly source: { readonly version: number; readonly maxAgeMs: number },
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 1000,
  ) {}

  /** `compression`: how its body is compressed (a page few requests share is compressed more cheaply). */
  get(key: string, build: () => Promise<{ status: number; html: string }>, compression: PrecompressOptions = {}): Promise<CachedPage> {
    const at = this.now();
    const version = this.source.version;
    const known = this.entries.get(key);
    if (known && known.version === version && at - known.at < this.source.maxAgeMs) return known.page;
    const page = build().then(({ status, html }) => ({ status, body: precompress(Buffer.from(html), compression) }));
    this.entries.delete(key);
    this.entries.set(key, { at, version, page });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // A failed build is not kept: the next request tries again.
    page.catch(() => {
      if (this.entries.get(key)?.page === page) this.entries.delete(key);
    });
    return page;
  }

  get size(): number {
    return this.entries.size;
  }
}
