/** Bodies kept compressed (cache/precompressed.ts): each encoding made once, when first asked for. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../src/cache/precompressed.js';

const page = Buffer.from(`<!doctype html><html><body>${'<article>Appartement à Metz, 2 voyageurs</article>'.repeat(400)}</body></html>`);

describe('precompress', () => {
  it('makes no encoding until one is asked for, then makes it once and keeps it', () => {
    const body = precompress(page);
    assert.deepEqual(body.encodings, []);
    assert.match(body.etag, /^"[\w-]{27}"$/);
    const gzip = body.gzip;
    assert.deepEqual(body.encodings, ['gzip']);
    assert.equal(body.gzip, gzip, 'the same buffer, not made again');
    assert.deepEqual(gunzipSync(gzip), page);
    assert.deepEqual(brotliDecompressSync(body.br), page);
    assert.deepEqual(body.encodings, ['gzip', 'br']);
  });

  it('compresses with the brotli quality it is given, to the same content', () => {
    const cheap = precompress(page, { brotliQuality: 1 });
    const best = precompress(page);
    assert.deepEqual(brotliDecompressSync(cheap.br), page);
    assert.ok(cheap.br.length > best.br.length, `quality 1 (${cheap.br.length} o) is larger than quality 9 (${best.br.length} o)`);
    assert.equal(cheap.etag, best.etag, 'the validator is the content’s');
  });
});
