/**
 * A response body kept serialised and already compressed, for what is read far more often than it
 * changes (the catalogue list, the HTML of public pages): each request then costs a lookup instead
 * of a serialisation and a compression.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Precompressed {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A strong validator of `raw`. */
  etag: string;
}

/** Brotli at quality 9: done once per change, so the smaller body is worth the CPU. */
export function precompress(raw: Buffer): Precompressed {
  return {
    raw,
    gzip: gzipSync(raw, { level: 6 }),
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    etag: `"${createHash('sha1').update(raw).digest('base64url')}"`,
  };
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
