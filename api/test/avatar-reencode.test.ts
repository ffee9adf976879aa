import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { avatarDir } from '../src/modules/users/avatar.js';
import { startServer, type TestServer } from './helpers.js';
import { multipart } from './support/multipart.js';

describe('avatars are decoded and re-encoded, never stored as sent', () => {
  let server: TestServer;
  let token = '';
  before(async () => {
    server = await startServer();
    token = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  });
  after(() => server.close());

  async function upload(bytes: Buffer, type?: string) {
    const { body, contentType } = multipart(bytes, { fileName: 'moi', type });
    const res = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    return { status: res.status, body: (await res.json()) as { message?: string; avatarUrl?: string } };
  }

  /** The stored file behind a returned URL, with what sharp reads in it. */
  async function stored(url: string) {
    assert.match(url, /^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    const bytes = readFileSync(path.join(avatarDir(server.config.dataDir), path.basename(url)));
    return { bytes, meta: await sharp(bytes).metadata() };
  }

  it('strips EXIF (GPS included), turns the photo upright and resizes a large JPEG to 512 px, as WebP', async () => {
    // 2000×1000 pixels stored sideways (orientation 6: to be turned 90°), with GPS coordinates.
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Appareil', Model: 'Espion' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '49/1 7/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '6/1 10/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    assert.ok((await sharp(jpeg).metadata()).exif, 'the test image carries EXIF');
    assert.ok(jpeg.includes(Buffer.from('Espion')));
    const res = await upload(jpeg, 'image/jpeg');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { bytes, meta } = await stored(res.body.avatarUrl!);
    assert.equal(meta.format, 'webp');
    assert.equal(meta.exif, undefined);
    assert.equal(meta.icc, undefined);
    assert.equal(meta.orientation, undefined);
    assert.ok(!bytes.includes(Buffer.from('Espion')));
    assert.deepEqual([meta.width, meta.height], [256, 512], 'upright (portrait) and at most 512 px');
  });

  it('refuses a PNG header followed by HTML with a French message, and stores nothing', async () => {
    const before = readdirSync(avatarDir(server.config.dataDir)).length;
    const fake = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload(fake);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Cette image est illisible ou endommagée.');
    assert.equal(readdirSync(avatarDir(server.config.dataDir)).length, before);
  });

  it('refuses a decompression bomb (a small file claiming 36 million pixels) before decoding it', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#000' }, limitInputPixels: false })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.ok(bomb.length < 200_000, `the bomb weighs ${bomb.length} bytes`);
    const res = await upload(bomb);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Cette image est trop grande : 25 millions de pixels au plus.');
  });

  it('keeps only the first frame of an animated image', async () => {
    const red = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } })
      .raw()
      .toBuffer();
    const blue = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0000ff' } })
      .raw()
      .toBuffer();
    const animated = await sharp(Buffer.concat([red, blue]), { raw: { width: 40, height: 80, channels: 3, pageHeight: 40 } } as never)
      .webp({ loop: 0, delay: [100, 100] })
      .toBuffer();
    assert.equal((await sharp(animated).metadata()).pages, 2, 'the test image has two frames');
    const res = await upload(animated, 'image/webp');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { bytes, meta } = await stored(res.body.avatarUrl!);
    assert.equal(meta.pages ?? 1, 1);
    assert.deepEqual([meta.width, meta.height], [40, 40]);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    assert.ok(data[0]! > 200 && data[2]! < 50, 'the first (red) frame');
  });

  it('converts a CMYK JPEG to an sRGB WebP', async () => {
    const cmyk = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2e86c1' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer();
    assert.equal((await sharp(cmyk).metadata()).space, 'cmyk');
    const res = await upload(cmyk, 'image/jpeg');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { meta } = await stored(res.body.avatarUrl!);
    assert.equal(meta.format, 'webp');
    assert.equal(meta.space, 'srgb');
    assert.deepEqual([meta.width, meta.height], [300, 200], 'a small image is not enlarged');
  });

  it('answers 400 in French to a multipart body with no boundary or cut short', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const noBoundary = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      body: png,
    });
    assert.equal(noBoundary.status, 400);
    assert.equal(((await noBoundary.json()) as { message: string }).message, 'Le formulaire envoyé est incomplet ou mal formé.');
    const { body, contentType } = multipart(png, { fileName: 'moi' });
    const truncated = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: body.subarray(0, body.length - 30),
    });
    assert.equal(truncated.status, 400);
    assert.equal(((await truncated.json()) as { message: string }).message, 'Le formulaire envoyé est incomplet ou mal formé.');
  });
});
