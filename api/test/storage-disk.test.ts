/** The default object store: files under DATA_DIR/uploads, never outside it. */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, describe, it } from 'node:test';
import { createObjectStore } from '../src/storage/object-store.js';

describe('disk object store', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-disk-store-'));
  const store = createObjectStore({ dataDir, s3: null });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes under DATA_DIR/uploads, reads back with the type of the extension, deletes', async () => {
    assert.equal(store.kind, 'disk');
    await store.init();
    await store.put('avatars/photo.webp', Buffer.from('octets'), 'image/webp');
    const file = path.join(dataDir, 'uploads', 'avatars', 'photo.webp');
    assert.equal(readFileSync(file, 'utf8'), 'octets');
    const object = await store.get('avatars/photo.webp');
    assert.ok(object);
    assert.equal(object.contentType, 'image/webp');
    assert.equal(object.size, 6);
    assert.equal(await text(object.body), 'octets');
    await store.delete('avatars/photo.webp');
    assert.equal(existsSync(file), false);
    assert.equal(await store.get('avatars/photo.webp'), null);
    await store.delete('avatars/photo.webp'); // already gone: not an error
  });

  it('refuses a key that would leave the uploads folder', async () => {
    await assert.rejects(store.put('../escape.png', Buffer.from('x'), 'image/png'), /Clé de stockage invalide/);
    assert.equal(existsSync(path.join(dataDir, 'escape.png')), false);
  });
});
