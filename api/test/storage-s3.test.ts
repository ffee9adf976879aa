/**
 * Uploads go to S3-compatible object storage when S3_* is set: a local S3 server (s3rver, on a
 * random port and a temporary folder) stands in for MinIO or AWS. The public URLs stay
 * /media/avatars/<name>, streamed by the API from the bucket; nothing is written under DATA_DIR.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { loadConfig } from '../src/config.js';
import { avatarDir } from '../src/modules/users/avatar.js';
import { startServer, type TestServer } from './helpers.js';
import { multipart } from './support/multipart.js';

const OTHER = ['lucie.roux@exemple.fr', 'motdepasse-lucie'] as const;
/** A real 8×8 PNG (avatars are decoded and re-encoded to WebP, so it must be a valid image). */
const PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

describe('uploads in S3-compatible object storage', () => {
  const s3Dir = mkdtempSync(path.join(tmpdir(), 'sm-s3-'));
  // The bucket does not exist yet: the API creates it at start-up, as with a fresh MinIO.
  const bucket = `sm-test-${process.pid}`;
  let s3: S3rver;
  let client: S3Client;
  let server: TestServer;
  let token = '';

  before(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    const { port } = await s3.run();
    const env = {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
    };
    const { s3: settings } = loadConfig(env);
    assert.ok(settings);
    client = new S3Client({
      endpoint: env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    server = await startServer({ s3: settings });
    await server.request('POST', '/api/users/register', { body: { nom: 'Lucie Roux', email: OTHER[0], password: OTHER[1] } });
    token = await server.login(...OTHER);
  });

  after(async () => {
    client?.destroy();
    await server?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  async function upload(): Promise<string> {
    const file = multipart(PNG);
    const response = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { 'content-type': file.contentType, authorization: `Bearer ${token}` },
      body: file.body,
    });
    const body = (await response.json()) as { avatarUrl: string; message?: string };
    assert.equal(response.status, 200, body.message);
    assert.match(body.avatarUrl, /^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    return body.avatarUrl;
  }

  const keyOf = (url: string) => `avatars/${path.basename(url)}`;

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch {
      return false;
    }
  }

  it('puts the avatar in the bucket, serves it at the same public URL, and deletes the previous one there', async () => {
    const first = await upload();
    const stored = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(first) }));
    const storedBytes = Buffer.from(await stored.Body!.transformToByteArray());
    assert.ok(storedBytes.length > 0);
    assert.equal(stored.ContentType, 'image/webp');

    const served = await fetch(`${server.url}${first}`);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), stored.ContentType);
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), storedBytes);
    const etag = served.headers.get('etag');
    assert.ok(etag);
    assert.equal((await fetch(`${server.url}${first}`, { headers: { 'if-none-match': etag } })).status, 304);

    const dir = avatarDir(server.config.dataDir);
    assert.ok(!existsSync(dir) || readdirSync(dir).length === 0, 'nothing is written under DATA_DIR');

    const second = await upload();
    assert.equal(await exists(keyOf(first)), false, 'the previous avatar is deleted from the bucket');
    assert.equal(await exists(keyOf(second)), true);
    assert.equal((await fetch(`${server.url}${first}`)).status, 404);
    const me = await server.request<{ user: { photo: string } }>('GET', '/api/auth/me', { token });
    assert.equal(me.body.user.photo, second);
  });

  it('answers 404 in French for an unknown or malformed name, without a 500', async () => {
    const unknown = await server.request<{ message: string }>('GET', '/media/avatars/00000000-0000-0000-0000-000000000000.png');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, 'Image introuvable.');
    const malformed = await server.request<{ message: string }>('GET', '/media/avatars/..%2F..%2Fetc%2Fpasswd');
    assert.equal(malformed.status, 404);
  });

  it('refuses half an S3 configuration with a French message', () => {
    assert.throws(
      () => loadConfig({ S3_BUCKET: 'photos' }),
      /Stockage S3 incomplet : définissez aussi S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\./,
    );
  });
});
