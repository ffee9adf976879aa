/**
 * SIGTERM while logins wait behind password hashing (issue 26): every one gets an HTTP answer (its
 * result, or a French 503 to retry) before the process exits; none is cut at the shutdown timeout.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, waitForHttp } from './helpers.js';

const BUSY = 'Le service est très sollicité. Veuillez réessayer dans un instant.';

describe('shutdown with logins queued behind hashing', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-shutdown-hash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers every queued login (200/401 or 503) before exiting', async () => {
    const testDb = await createTestDatabase();
    const port = randomPort();
    const base = `http://127.0.0.1:${port}`;
    // One thread at the production cost: twelve logins take many seconds, far past the 5 s timeout.
    const child = startApiProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: testDb.databaseUrl ?? '',
      SEED_DEMO_DATA: 'false',
      SCRYPT_COST: '131072',
      PASSWORD_HASH_THREADS: '1',
      PASSWORD_HASH_QUEUE_MAX: '100',
      PASSWORD_HASH_PER_CLIENT: '100',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    });
    try {
      // Start-up is slow on a loaded machine: up to three rounds of waiting.
      for (let round = 1; ; round += 1) {
        try {
          await waitForHttp(`${base}/api/health`);
          break;
        } catch (error) {
          if (round === 3) throw error;
        }
      }
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const logins = Array.from({ length: 12 }, async (_, i) => {
        try {
          const res = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: `file${i}@exemple.fr`, password: 'motdepasse-file' }),
          });
          const body = (await res.json()) as { message?: string };
          return { status: res.status, message: body.message ?? '' };
        } catch (error) {
          return { status: 0, message: String((error as { cause?: unknown }).cause ?? error) };
        }
      });
      await new Promise((r) => setTimeout(r, 400));
      child.kill('SIGTERM');
      const results = await Promise.all(logins);
      const code = await exited;
      console.log('shutdown with queued logins:', JSON.stringify({ code, statuses: results.map((r) => r.status) }));
      assert.deepEqual(
        results.filter((r) => r.status === 0),
        [],
        'no login cut without an answer',
      );
      for (const r of results) {
        assert.ok([401, 503].includes(r.status), `status ${r.status}`);
        if (r.status === 503) assert.equal(r.message, BUSY);
      }
      assert.equal(code, 0, 'the process exited cleanly, not forced at the timeout');
    } finally {
      await stopProcess(child);
      await testDb.drop();
    }
  });
});
