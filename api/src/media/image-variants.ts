/**
 * Responsive variants of the demo photos (issue 17), encoded on demand and kept on disk.
 *
 * Not at seed time: encoding every variant of the 56 demo photos took 207 s on a 2-core machine
 * under load, which would stall a fresh `npm start` and the browser tests' server start. A missing
 * variant is encoded when first asked (once, however many ask at the same time), written to the
 * cache directory, and read from there afterwards; `warmUp` fills the cache in the background.
 *
 * Cache files are named after the source's size and modification time, so a replaced photo is
 * never answered with the variant of the previous one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEMO_IMAGE_PREFIX,
  DEMO_SOURCE_EXTENSIONS,
  IMAGE_VARIANT_FORMATS,
  IMAGE_VARIANT_WIDTHS,
  demoImageBase,
  type ImageVariantKey,
} from 'shared-kernel/domain';
import { createEncodeQueue, type EncodePriority, type QueuedEncode } from './encode-queue.js';
import { encodeVariant } from './encode-variant.js';

export interface ImageVariantsOptions {
  /** The demo photos (served as they are under /media/demo/). */
  sourceDir: string;
  cacheDir: string;
  /** Encodes at the same time. */
  concurrency: number;
  /** The cache could not be written (read-only or full disk): the variant is still served. */
  onCacheError?(error: unknown, file: string): void;
}

export interface ImageVariant {
  bytes: Buffer;
  contentType: string;
  /** Changes with the source photo. */
  etag: string;
}

export interface WarmUpResult {
  encoded: number;
  failed: number;
}

export interface ImageVariants {
  /** The variant, from the cache or encoded now; null when there is no such demo photo, or it is not a JPEG, PNG or WebP. */
  get(key: ImageVariantKey, priority?: EncodePriority): Promise<ImageVariant | null>;
  /** Encodes every missing variant of every demo photo behind the visitors' requests, until done or `signal` aborts. */
  warmUp(signal: AbortSignal, onError?: (error: unknown, key: ImageVariantKey) => void): Promise<WarmUpResult>;
  /**
   * Removes what no request will read again: variants of a photo since replaced or removed, of a
   * width no longer made, and temporary files older than an hour (left by a process that stopped
   * while writing). Anything else in the directory is left alone.
   */
  prune(now?: number): Promise<PruneResult>;
  /** Variants encoded by this process (tests count them). */
  readonly encodes: number;
}

/** Cache entries (variants and temporary files) removed and kept; other files are not counted. */
export interface PruneResult {
  removed: number;
  kept: number;
}

/** `<base>-<width>.<fingerprint>.<format>`, as `load` names a cached variant. */
const CACHED_VARIANT = /^(.+)-(\d+)\.([0-9a-z]+-[0-9a-z]+)\.(avif|webp)$/;
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp' } as const;

interface Source {
  file: string;
  fingerprint: string;
}

/** Written next to its final name then renamed: a reader (or another process) never sees half a file. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export function createImageVariants(options: ImageVariantsOptions): ImageVariants {
  const queue = createEncodeQueue(options.concurrency);
  const flights = new Map<string, QueuedEncode<Buffer | null>>();
  let encodes = 0;

  /** `base` matched the strict pattern (no dot, slash or percent): joined to sourceDir it stays inside. */
  async function findSource(base: string): Promise<Source | null> {
    for (const extension of DEMO_SOURCE_EXTENSIONS) {
      const file = path.join(options.sourceDir, `${base}.${extension}`);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) return { file, fingerprint: `${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}` };
    }
    return null;
  }

  async function encodeAndStore(source: Source, key: ImageVariantKey, cacheFile: string): Promise<Buffer | null> {
    const bytes = await encodeVariant(source.file, key.width, key.format);
    if (!bytes) return null;
    encodes += 1;
    await writeAtomically(cacheFile, bytes).catch((error: unknown) => options.onCacheError?.(error, cacheFile));
    return bytes;
  }

  /** The variant, and whether this call encoded it (the warm-up counts its own work). */
  async function load(key: ImageVariantKey, priority: EncodePriority): Promise<{ variant: ImageVariant | null; encoded: boolean }> {
    const source = await findSource(key.base);
    if (!source) return { variant: null, encoded: false };
    const name = `${key.base}-${key.width}.${source.fingerprint}.${key.format}`;
    const cacheFile = path.join(options.cacheDir, name);
    const found = (bytes: Buffer | null) => (bytes ? { bytes, contentType: CONTENT_TYPES[key.format], etag: `"${name}"` } : null);
    const cached = await readFile(cacheFile).catch(() => null);
    if (cached) return { variant: found(cached), encoded: false };
    // One encode per variant however many ask at once; a visitor joining a queued warm-up encode moves it ahead.
    const flight = flights.get(cacheFile);
    if (flight) {
      if (priority === 'request') flight.promote();
      return { variant: found(await flight.promise), encoded: false };
    }
    const started = queue.run(() => encodeAndStore(source, key, cacheFile), priority);
    flights.set(cacheFile, started);
    try {
      const variant = found(await started.promise);
      return { variant, encoded: variant !== null };
    } finally {
      flights.delete(cacheFile);
    }
  }

  async function warmUp(signal: AbortSignal, onError?: (error: unknown, key: ImageVariantKey) => void): Promise<WarmUpResult> {
    const result: WarmUpResult = { encoded: 0, failed: 0 };
    const names = await readdir(options.sourceDir).catch(() => [] as string[]);
    const bases = [...new Set(names.map((n) => demoImageBase(`${DEMO_IMAGE_PREFIX}${n}`)).filter((b): b is string => b !== null))].sort();
    // AVIF, which nearly every browser takes, before WebP; the small widths (quick to encode) first.
    for (const format of IMAGE_VARIANT_FORMATS) {
      for (const width of IMAGE_VARIANT_WIDTHS) {
        for (const base of bases) {
          if (signal.aborted) return result;
          const key = { base, width, format };
          try {
            if ((await load(key, 'background')).encoded) result.encoded += 1;
          } catch (error) {
            result.failed += 1;
            onError?.(error, key);
          }
        }
      }
    }
    return result;
  }

  async function prune(now = Date.now()): Promise<PruneResult> {
    const result: PruneResult = { removed: 0, kept: 0 };
    const names = await readdir(options.cacheDir).catch(() => [] as string[]);
    const fingerprints = new Map<string, string | null>();
    for (const name of names) {
      const file = path.join(options.cacheDir, name);
      let stale: boolean;
      if (name.endsWith('.tmp')) {
        const info = await stat(file).catch(() => null);
        stale = info !== null && now - info.mtimeMs > STALE_TEMPORARY_MS;
      } else {
        const match = CACHED_VARIANT.exec(name);
        if (!match) continue;
        const [, base, width, fingerprint] = match as unknown as [string, string, string, string];
        if (!fingerprints.has(base)) fingerprints.set(base, (await findSource(base))?.fingerprint ?? null);
        stale = fingerprints.get(base) !== fingerprint || !(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(Number(width));
      }
      // A file in flight has a name of its own (.tmp): what is removed here is never being written.
      if (stale && !flights.has(file)) {
        await rm(file, { force: true });
        result.removed += 1;
      } else {
        result.kept += 1;
      }
    }
    return result;
  }

  return {
    get: async (key, priority = 'request') => (await load(key, priority)).variant,
    warmUp,
    prune,
    get encodes() {
      return encodes;
    },
  };
}
