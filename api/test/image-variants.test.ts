import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { createEncodeQueue } from '../src/media/encode-queue.js';
import { createImageVariants } from '../src/media/image-variants.js';
import { demoImagesDir } from '../src/web/static-site.js';
import { startServer, type TestServer } from './helpers.js';

const PHOTO = 'balcon-sur-la-moselle';

describe('GET /media/variantes/demo/<base>-<width>.<format>', () => {
  let server: TestServer;
  let cacheDir = '';
  before(async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), 'sm-variants-'));
    server = await startServer({ imageCacheDir: cacheDir });
  });
  after(async () => {
    await server.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  async function get(name: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/media/variantes/demo/${name}`, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  it('answers a real AVIF of the asked width, without metadata, cached a week with an ETag', async () => {
    const { res, bytes } = await get(`${PHOTO}-1-800.avif`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/avif');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=604800');
    assert.match(res.headers.get('etag') ?? '', /^".+"$/);
    const meta = await sharp(bytes).metadata();
    assert.equal(meta.format, 'heif');
    assert.equal(meta.compression, 'av1');
    assert.deepEqual([meta.width, meta.height], [800, 533]);
    assert.equal(meta.exif, undefined);
    assert.ok(bytes.length < statSync(path.join(demoImagesDir, `${PHOTO}-1.jpg`)).size / 2, `${bytes.length} bytes`);
  });

  it('answers a real WebP of the asked width', async () => {
    const { res, bytes } = await get(`${PHOTO}-1-480.webp`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 480, 320]);
  });

  it('never enlarges: 1600 of a 1200 px photo is 1200 px', async () => {
    const { res, bytes } = await get(`${PHOTO}-1-1600.avif`);
    assert.equal(res.status, 200);
    const meta = await sharp(bytes).metadata();
    assert.deepEqual([meta.width, meta.height], [1200, 800]);
  });

  it('serves the cached bytes again without encoding, and a 304 for its ETag', async () => {
    const first = await get(`${PHOTO}-3-800.webp`);
    const encodes = server.app.imageVariants.encodes;
    const files = readdirSync(cacheDir).filter((f) => f.startsWith(`${PHOTO}-3-800.`));
    assert.equal(files.length, 1, 'one cache file, no temporary file left');
    const written = statSync(path.join(cacheDir, files[0]!)).mtimeMs;

    const second = await get(`${PHOTO}-3-800.webp`);
    assert.equal(second.res.status, 200);
    assert.ok(second.bytes.equals(first.bytes));
    assert.equal(server.app.imageVariants.encodes, encodes, 'no second encode');
    assert.equal(statSync(path.join(cacheDir, files[0]!)).mtimeMs, written);

    const etag = first.res.headers.get('etag') ?? '';
    const revalidated = await get(`${PHOTO}-3-800.webp`, { 'if-none-match': etag });
    assert.equal(revalidated.res.status, 304);
  });

  it('encodes once for 20 simultaneous requests of the same variant', async () => {
    const before = server.app.imageVariants.encodes;
    const all = await Promise.all(Array.from({ length: 20 }, () => get(`${PHOTO}-2-800.avif`)));
    assert.deepEqual(new Set(all.map((r) => r.res.status)), new Set([200]));
    assert.ok(all.every((r) => r.bytes.equals(all[0]!.bytes)));
    assert.equal(server.app.imageVariants.encodes - before, 1);
  });

  /** The path as sent, without the normalisation fetch applies to `..`. */
  function rawGet(pathname: string): Promise<{ status: number; body: string }> {
    const url = new URL(server.url);
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: url.hostname, port: url.port, path: pathname, method: 'GET' }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  const refused = {
    'unknown photo': 'appartement-inconnu-1-800.avif',
    'width not offered': `${PHOTO}-1-801.avif`,
    'source width, not offered': `${PHOTO}-1-1200.avif`,
    'zero-padded width': `${PHOTO}-1-0800.avif`,
    'no width': `${PHOTO}-1.avif`,
    'format not offered (jpg)': `${PHOTO}-1-800.jpg`,
    'format not offered (png)': `${PHOTO}-1-800.png`,
    'upper-case format': `${PHOTO}-1-800.AVIF`,
    'encoded dot-dot slash': `..%2F..%2F..%2Fpackage-800.avif`,
    'encoded dots': `%2E%2E%2F${PHOTO}-1-800.avif`,
    'encoded slash inside the name': `${PHOTO}%2F..%2F${PHOTO}-1-800.avif`,
    'encoded backslash': `..%5C..%5C${PHOTO}-1-800.avif`,
    'double-encoded slash': `..%252F${PHOTO}-1-800.avif`,
    'plain dot-dot segments': `../../demo/${PHOTO}-1-800.avif`,
    'a sub-folder': `sous/${PHOTO}-1-800.avif`,
  };
  for (const [what, name] of Object.entries(refused)) {
    it(`404 with a French message and no encode: ${what}`, async () => {
      const before = server.app.imageVariants.encodes;
      const res = await rawGet(`/media/variantes/demo/${name}`);
      assert.equal(res.status, 404, res.body);
      const message = (JSON.parse(res.body) as { message: string }).message;
      assert.ok(message === 'Image introuvable.' || message === 'Ressource introuvable.', message);
      assert.equal(server.app.imageVariants.encodes, before);
    });
  }
});

describe('image variants: sources, cache and warm-up', () => {
  let sourceDir = '';
  let cacheDir = '';
  before(async () => {
    sourceDir = mkdtempSync(path.join(tmpdir(), 'sm-variant-sources-'));
    cacheDir = mkdtempSync(path.join(tmpdir(), 'sm-variant-cache-'));
    const red = sharp({ create: { width: 600, height: 400, channels: 3, background: '#c0392b' } });
    writeFileSync(path.join(sourceDir, 'rouge-1.png'), await red.clone().png().toBuffer());
    writeFileSync(path.join(sourceDir, 'rouge-2.webp'), await red.clone().webp().toBuffer());
    // Names the server would read, contents it must not decode.
    writeFileSync(path.join(sourceDir, 'anime-1.jpg'), await red.clone().gif().toBuffer());
    writeFileSync(
      path.join(sourceDir, 'dessin-1.png'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="red"/></svg>',
    );
    writeFileSync(path.join(sourceDir, 'texte-1.jpg'), 'pas une image');
    const jpeg = await red.clone().jpeg().toBuffer();
    writeFileSync(path.join(sourceDir, 'tronque-1.jpg'), jpeg.subarray(0, jpeg.length / 2));
    writeFileSync(path.join(sourceDir, 'ignore-1.gif'), await red.clone().gif().toBuffer());
  });
  after(() => {
    rmSync(sourceDir, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const variants = () => createImageVariants({ sourceDir, cacheDir, concurrency: 1 });

  it('encodes PNG and WebP sources, refuses GIF and SVG whatever their name, and a file that is no image', async () => {
    const v = variants();
    const png = await v.get({ base: 'rouge-1', width: 480, format: 'webp' });
    assert.deepEqual((await sharp(png!.bytes).metadata()).width, 480);
    assert.ok(await v.get({ base: 'rouge-2', width: 480, format: 'avif' }));
    assert.equal(await v.get({ base: 'anime-1', width: 480, format: 'avif' }), null);
    assert.equal(await v.get({ base: 'dessin-1', width: 480, format: 'avif' }), null);
    assert.equal(await v.get({ base: 'ignore-1', width: 480, format: 'avif' }), null, 'a .gif is not even looked at');
    assert.equal(await v.get({ base: 'texte-1', width: 480, format: 'avif' }), null);
    await assert.rejects(v.get({ base: 'tronque-1', width: 480, format: 'avif' }), /premature end/, 'a damaged JPEG fails loudly');
    assert.equal(v.encodes, 2);
  });

  it('answers a new variant when the source photo is replaced', async () => {
    const v = variants();
    const file = path.join(sourceDir, 'rouge-1.png');
    const old = await v.get({ base: 'rouge-1', width: 800, format: 'webp' });
    const blue = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2c3e50' } })
      .png()
      .toBuffer();
    writeFileSync(file, blue);
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const fresh = await v.get({ base: 'rouge-1', width: 800, format: 'webp' });
    assert.notEqual(fresh!.etag, old!.etag);
    assert.equal((await sharp(fresh!.bytes).metadata()).width, 800);
    assert.ok(!fresh!.bytes.equals(old!.bytes));
  });

  it('warms up every missing variant once, reports failures, and stops when aborted', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    const v = variants();
    const failures: string[] = [];
    const first = await v.warmUp(new AbortController().signal, (_error, key) => failures.push(key.base));
    // rouge-1 and rouge-2: 3 widths × 2 formats; the damaged JPEG fails in each of the 6 rounds.
    assert.deepEqual(first, { encoded: 12, failed: 6 });
    assert.deepEqual([...new Set(failures)], ['tronque-1']);
    const again = await v.warmUp(new AbortController().signal);
    assert.equal(again.encoded, 0);

    rmSync(cacheDir, { recursive: true, force: true });
    const aborted = new AbortController();
    aborted.abort();
    assert.deepEqual(await variants().warmUp(aborted.signal), { encoded: 0, failed: 0 });
  });

  it('prunes the variants of a replaced photo, of a width no longer made, and old temporary files; keeps the rest', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    const v = variants();
    const file = path.join(sourceDir, 'rouge-2.webp');
    await v.get({ base: 'rouge-2', width: 480, format: 'avif' });
    await v.get({ base: 'rouge-1', width: 480, format: 'webp' });
    const before = readdirSync(cacheDir).sort();
    assert.equal(before.length, 2);
    const oldRouge2 = before.find((n) => n.startsWith('rouge-2-480.'))!;

    // rouge-2 is replaced: its variant is now stale, and so is a width the site no longer makes.
    writeFileSync(
      file,
      await sharp({ create: { width: 500, height: 300, channels: 3, background: '#27ae60' } })
        .webp()
        .toBuffer(),
    );
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    const current = before.find((n) => n.startsWith('rouge-1-480.'))!;
    const oddWidth = current.replace('rouge-1-480.', 'rouge-1-999.');
    copyFileSync(path.join(cacheDir, current), path.join(cacheDir, oddWidth));
    copyFileSync(path.join(cacheDir, current), path.join(cacheDir, current.replace('rouge-1-480.', 'disparu-1-480.')));
    const oldTemporary = path.join(cacheDir, `${current}.123-abcd.tmp`);
    writeFileSync(oldTemporary, 'x');
    utimesSync(oldTemporary, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const freshTemporary = path.join(cacheDir, `${current}.456-ef01.tmp`);
    writeFileSync(freshTemporary, 'x');
    writeFileSync(path.join(cacheDir, 'LISEZMOI.txt'), 'pas une variante');

    assert.deepEqual(await v.prune(), { removed: 4, kept: 2 }, 'the text file is not a cache entry: neither removed nor counted');
    assert.deepEqual(readdirSync(cacheDir).sort(), [current, `${current}.456-ef01.tmp`, 'LISEZMOI.txt'].sort());
    assert.ok(!readdirSync(cacheDir).includes(oldRouge2));
    // The replaced photo's variant is made again on request.
    assert.ok(await v.get({ base: 'rouge-2', width: 480, format: 'avif' }));
  });

  it('copes with a cache directory it cannot write: the variant is still served', async () => {
    // A file where the cache directory should be: mkdir fails as on a read-only disk.
    const blocked = path.join(sourceDir, 'pas-un-dossier');
    writeFileSync(blocked, '');
    const errors: string[] = [];
    const v = createImageVariants({
      sourceDir,
      cacheDir: path.join(blocked, 'sous'),
      concurrency: 1,
      onCacheError: (_e, file) => errors.push(file),
    });
    const variant = await v.get({ base: 'rouge-2', width: 480, format: 'webp' });
    assert.ok(variant && variant.bytes.length > 0);
    assert.equal(errors.length, 1);
  });
});

describe('encode queue', () => {
  it('runs requests before the background, one background encode at a time, and promotes a waiting one', async () => {
    const queue = createEncodeQueue(2);
    const order: string[] = [];
    const gates = new Map<string, () => void>();
    const task = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        gates.set(name, () => resolve(name));
      });
    const b1 = queue.run(task('b1'), 'background');
    const b2 = queue.run(task('b2'), 'background');
    const b3 = queue.run(task('b3'), 'background');
    const r1 = queue.run(task('r1'), 'request');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b1', 'r1'], 'b2 waits: one background encode at a time');
    b3.promote();
    const r2 = queue.run(task('r2'), 'request');
    gates.get('r1')!();
    await r1.promise;
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b1', 'r1', 'b3'], 'the promoted encode goes before b2, in request order');
    gates.get('b1')!();
    gates.get('b3')!();
    await Promise.all([b1.promise, b3.promise]);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b1', 'r1', 'b3', 'r2', 'b2']);
    gates.get('r2')!();
    gates.get('b2')!();
    await Promise.all([b2.promise, r2.promise]);
  });
});
