/**
 * Fixed-window attempt counters (login failures, registrations, reset emails, messages) over a
 * store: in memory for one process, or in Redis (REDIS_URL) so that every API process shares the
 * same counts and adding processes does not multiply the limits.
 */
import { createClient } from 'redis';
import { ApiError } from '../http/errors.js';

export const LIMITS_UNAVAILABLE = 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.';

export interface Counter {
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface RateLimitStore {
  /** Adds one to the key's count, starting a window of `windowMs` if none is open. */
  increment(key: string, windowMs: number): Promise<Counter>;
  /** Takes one back (an attempt that turned out fine). */
  decrement(key: string): Promise<void>;
  /** The key's current count, without counting. */
  peek(key: string): Promise<Counter | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements RateLimitStore {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    this.sweep(now);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.resetAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.hits.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async peek(key: string): Promise<Counter | null> {
    const now = Date.now();
    const entry = this.hits.get(key);
    return entry && entry.resetAt > now ? { count: entry.count, resetInMs: entry.resetAt - now } : null;
  }

  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }

  async close(): Promise<void> {
    this.hits.clear();
  }

  private sweep(now: number): void {
    if (this.hits.size < 10_000) return;
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

// No offline queue: while Redis is unreachable a request fails at once (503) instead of hanging.
const makeClient = (url: string) => createClient({ url, disableOfflineQueue: true });
type RedisClient = ReturnType<typeof makeClient>;

const INCREMENT = `
local count = redis.call('incr', KEYS[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('pexpire', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

export class RedisStore implements RateLimitStore {
  constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** A Redis failure is a French 503, not a 500 nor a request left waiting. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      this.onError(error);
      throw new ApiError(503, LIMITS_UNAVAILABLE, { 'Retry-After': '5' });
    }
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    // One atomic script (any Redis version): the first hit opens the window, later hits keep it.
    const [count, ttl] = (await this.call(() =>
      this.client.eval(INCREMENT, { keys: [this.prefix + key], arguments: [String(windowMs)] }),
    )) as [number, number];
    return { count: Number(count), resetInMs: Number(ttl) > 0 ? Number(ttl) : windowMs };
  }

  async decrement(key: string): Promise<void> {
    // Only an existing key: DECR on a missing one would create it without expiry.
    await this.call(() =>
      this.client.eval(
        "if redis.call('exists', KEYS[1]) == 1 and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0",
        { keys: [this.prefix + key] },
      ),
    );
  }

  async peek(key: string): Promise<Counter | null> {
    const k = this.prefix + key;
    const [count, ttl] = (await this.call(() => this.client.multi().get(k).pTTL(k).exec())) as unknown as [string | null, number];
    return count === null || Number(ttl) <= 0 ? null : { count: Number(count), resetInMs: Number(ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.call(() => this.client.del(this.prefix + key));
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => undefined);
  }
}

export async function createRedisStore(redisUrl: string, prefix: string, onError: (error: unknown) => void): Promise<RedisStore> {
  const client = makeClient(redisUrl);
  client.on('error', onError);
  await client.connect();
  return new RedisStore(client, prefix, onError);
}

/** Redis when a URL is configured, else memory. */
export async function createRateLimitStore(options: {
  redisUrl: string | null;
  prefix: string;
  onError: (error: unknown) => void;
}): Promise<RateLimitStore> {
  return options.redisUrl ? createRedisStore(options.redisUrl, options.prefix, options.onError) : new MemoryStore();
}

/** At most `max` counted events per key in a window of `windowSeconds`. */
export class AttemptLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Counts an event; returns the seconds to wait when the limit is exceeded, else 0. */
  async hit(key: string): Promise<number> {
    return (await this.hitCount(key)).wait;
  }

  /** Counts an event; returns the count in the window with it, and the seconds to wait (0: within the limit). */
  async hitCount(key: string): Promise<{ count: number; wait: number }> {
    const { count, resetInMs } = await this.store.increment(this.key(key), this.windowSeconds * 1000);
    return { count, wait: count > this.max ? Math.max(1, Math.ceil(resetInMs / 1000)) : 0 };
  }

  /** Seconds to wait if the limit is already reached, else 0 (nothing is counted). */
  async blocked(key: string): Promise<number> {
    const counter = await this.store.peek(this.key(key));
    return counter && counter.count >= this.max ? Math.max(1, Math.ceil(counter.resetInMs / 1000)) : 0;
  }

  /** What the key has counted in the current window. */
  async count(key: string): Promise<number> {
    return (await this.store.peek(this.key(key)))?.count ?? 0;
  }

  /** Takes back one counted event. */
  forgive(key: string): Promise<void> {
    return this.store.decrement(this.key(key));
  }

  reset(key: string): Promise<void> {
    return this.store.reset(this.key(key));
  }
}
