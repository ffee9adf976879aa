/**
 * Two API processes on one PostgreSQL database and one Redis: an apartment edited through
 * process A shows in the catalogue list served by process B at once, although B keeps that
 * list cached (its own time-to-live is a second). Redis pub/sub carries the invalidation.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestDatabase } from './helpers.js';

const redisUrl = process.env.REDIS_URL;

interface Apartment {
  id: number;
  titre: string;
  description: string;
  localisation: string;
  prixParNuit: number;
  surface: number;
  capacite: unknown;
  images: string[];
  inclus: string[];
  nonInclus: string[];
}

describe(
  'catalogue cache invalidated across two API processes through Redis',
  { skip: (!usingPostgres || !redisUrl) && 'PostgreSQL et REDIS_URL seulement' },
  () => {
    let db: TestDatabase;
    const processes: ChildProcess[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-cache-'));
    const [a, b] = [randomPort(), randomPort()].map((p) => `http://127.0.0.1:${p}`) as [string, string];
    // This run's own channels: other runs on the shared Redis neither see nor disturb them.
    const prefix = `sm-test-${process.pid}-${Date.now()}:`;

    before(async () => {
      db = await createTestDatabase();
      for (const [i, base] of [a, b].entries()) {
        processes.push(
          startApiProcess({
            DATABASE_URL: db.databaseUrl!,
            REDIS_URL: redisUrl!,
            REDIS_CHANNEL_PREFIX: prefix,
            PORT: new URL(base).port,
            DATA_DIR: path.join(dataDir, String(i)),
            PROCESS_NAME: `api-${i}`,
          }),
        );
      }
      await Promise.all([a, b].map((base) => waitForHttp(`${base}/api/health`)));
    });

    after(async () => {
      await Promise.all(processes.map(stopProcess));
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const list = async (base: string) => {
      const res = await fetch(`${base}/api/appartements`);
      assert.equal(res.status, 200);
      return ((await res.json()) as { appartements: Apartment[] }).appartements;
    };

    it('shows through process B, immediately, each price written through process A', async () => {
      const login = await fetch(`${a}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' }),
      });
      const { token } = (await login.json()) as { token: string };
      const target = (await list(b))[0]!;
      for (let round = 1; round <= 10; round += 1) {
        await list(b); // B has the first page cached now
        const price = 100 + round;
        const body = {
          titre: target.titre,
          description: target.description,
          localisation: target.localisation,
          prixParNuit: price,
          surface: target.surface,
          capacite: target.capacite,
          images: target.images,
          inclus: target.inclus,
          nonInclus: target.nonInclus,
          smoobuId: null,
        };
        const res = await fetch(`${a}/api/appartements/${target.id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
        assert.equal(res.status, 200, await res.clone().text());
        assert.equal(res.headers.get('x-served-by'), 'api-0');
        const seen = await fetch(`${b}/api/appartements`);
        assert.equal(seen.headers.get('x-served-by'), 'api-1');
        const shown = ((await seen.json()) as { appartements: Apartment[] }).appartements.find((x) => x.id === target.id);
        assert.equal(shown?.prixParNuit, price, `round ${round}: B still shows the old price`);
      }
    });
  },
);
