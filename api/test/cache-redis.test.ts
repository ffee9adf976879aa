/**
 * Two API processes on one PostgreSQL database and one Redis: an apartment edited through
 * process A shows in the catalogue list served by process B at once, although B keeps that
 * list cached (its own time-to-live is a second). Redis pub/sub carries the invalidation.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loginAt, needsPostgresAndRedis, twoApiProcesses } from './support/two-api-processes.js';

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

describe('catalogue cache invalidated across two API processes through Redis', { skip: needsPostgresAndRedis }, () => {
  // This run's own channels: other runs on the shared Redis neither see nor disturb them.
  const prefix = `sm-test-${process.pid}-${Date.now()}:`;
  const { a, b } = twoApiProcesses({
    dirPrefix: 'sm-cache-',
    env: (i, dataDir) => ({ REDIS_CHANNEL_PREFIX: prefix, DATA_DIR: path.join(dataDir, String(i)), PROCESS_NAME: `api-${i}` }),
  });

  const list = async (base: string) => {
    const res = await fetch(`${base}/api/appartements`);
    assert.equal(res.status, 200);
    return ((await res.json()) as { appartements: Apartment[] }).appartements;
  };

  it('shows through process B, immediately, each price written through process A', async () => {
    const { token } = await loginAt(a, 'admin@sejours-messins.fr', 'Admin-Metz-2026');
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
});
