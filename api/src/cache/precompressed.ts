/**
 * A response body kept serialised and already compressed, for what is read far more often than it
 * changes (the catalogue list, the HTML of public pages): each request then costs a lookup instead
 * of a serialisation and a compression.
 *
 * Each encoding is made the first time a client asks for it, then kept (issue 32): a page with a
 * stay in its address is asked once or twice, by one client that takes one encoding, and brotli at
 * quality 9 of its HTML cost more than rendering it (tens of ms on a loaded machine).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface PrecompressOptions {
  /**
   * Brotli's quality: 9 by default (made once per change, so the smaller body is worth the CPU); a
   * body few requests will share (a search page) is compressed at a lower one.
   */
  brotliQuality?: number;
}

export class Precompressed {
  private gzipped: Buffer | null = null;
  private brotli: Buffer | null = null;
  /** A strong validator of `raw`. */
  readonly etag: string;

  constructor(
    readonly raw: Buffer,
    private readonly options: PrecompressOptions = {},
  ) {
    this.etag = `"${createHash('sha1').update(raw).digest('base64url')}"`;
  }

  /** The encodings made so far: the others are made when a client first asks for them. */
  get encodings(): ('gzip' | 'br')[] {
    return [...(this.gzipped ? (['gzip'] as const) : []), ...(this.brotli ? (['br'] as const) : [])];
  }

  get gzip(): Buffer {
    return (this.gzipped ??= gzipSync(this.raw, { level: 6 }));
  }

  get br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: this.options.brotliQuality ?? 9, [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length },
    }));
  }
}

export function precompress(raw: Buffer, options: PrecompressOptions = {}): Precompressed {
  return new Precompressed(raw, options);
}

/**
 * Sends the encoding the client accepts (br, then gzip, else raw), or a 304 when its copy is current.
 * The caller sets the status and the cache headers; a 304 only answers a 200.
 */
export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, body: Precompressed, contentType: string): FastifyReply {
  reply.header('ETag', body.etag).header('Vary', 'Accept-Encoding');
  if (reply.statusCode === 200 && request.headers['if-none-match'] === body.etag) return reply.status(304).send();
  reply.type(contentType);
  const accepts = String(request.headers['accept-encoding'] ?? '');
  // Setting Content-Encoding tells @fastify/compress the body is already encoded.
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(body.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(body.gzip);
  return reply.send(body.raw);
}
