/**
 * The rate-limit stores: fixed windows in memory and in Redis (shared by two clients, as by two
 * processes), and a French 503 when Redis cannot be reached.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ApiError } from '../src/http/errors.js';
import { AttemptLimiter, createRedisStore, LIMITS_UNAVAILABLE, MemoryStore, type RateLimitStore } from '../src/auth/rate-limit.js';

const redisUrl = process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function behavesAsAWindow(a: RateLimitStore, b: RateLimitStore): Promise<void> {
  const first = new AttemptLimiter(a, 'essai', 2, 1);
  const second = new AttemptLimiter(b, 'essai', 2, 1);
  assert.equal(await first.hit('k'), 0);
  assert.equal(await second.hit('k'), 0);
  assert.equal(await first.blocked('k'), 1, 'the limit is reached for both');
  assert.equal(await second.hit('k'), 1, 'the third in the window waits');
  assert.equal(await first.count('k'), 3);
  await second.forgive('k');
  assert.equal(await first.count('k'), 2);
  assert.equal(await first.hit('autre'), 0, 'keys are independent');
  await sleep(1100);
  assert.equal(await first.count('k'), 0, 'the window has ended');
  assert.equal(await second.hit('k'), 0);
  await first.reset('k');
  assert.equal(await second.count('k'), 0);
  await second.forgive('absente');
  assert.equal(await first.count('absente'), 0, 'forgiving a missing key creates nothing');
}

describe('rate-limit stores', () => {
  it('memory: a fixed window per key', async () => {
    const store = new MemoryStore();
    await behavesAsAWindow(store, store);
  });

  it('Redis: one window shared by two clients', { skip: !redisUrl && 'REDIS_URL seulement' }, async () => {
    const prefix = `sm-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
    const [a, b] = await Promise.all([
      createRedisStore(redisUrl!, prefix, () => undefined),
      createRedisStore(redisUrl!, prefix, () => undefined),
    ]);
    try {
      await behavesAsAWindow(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('Redis unreachable: a French 503, not a 500 nor a request left waiting', { skip: !redisUrl && 'REDIS_URL seulement' }, async () => {
    const errors: unknown[] = [];
    const store = await createRedisStore(redisUrl!, `sm-test:${process.pid}:${randomBytes(4).toString('hex')}:`, (e) => errors.push(e));
    await store.close();
    await assert.rejects(
      new AttemptLimiter(store, 'essai', 2, 60).hit('k'),
      (error: unknown) => error instanceof ApiError && error.statusCode === 503 && error.message === LIMITS_UNAVAILABLE,
    );
    assert.equal(errors.length, 1, 'and it is logged');
  });
});
