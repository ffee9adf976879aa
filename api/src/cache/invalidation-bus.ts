/**
 * Tells the other API processes that a per-process cache is stale, through Redis pub/sub, so
 * that a write through one process is seen at once through any other. Without Redis (one
 * process) it only calls the local listeners. Redis being down never fails a write: the
 * caches' own time-to-live still bounds how stale they get.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';

type Listener = () => void;

export interface InvalidationBus {
  /** Registers what to drop when `name` is invalidated by another process. */
  on(name: string, listener: Listener): void;
  /** Announces to the other processes; resolves once Redis has handed the message to them. */
  publish(name: string): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  redisUrl: string | null;
  /** Lets several sites (or test runs) share one Redis. */
  channelPrefix: string;
  log: (error: unknown, what: string) => void;
}

export async function createInvalidationBus({ redisUrl, channelPrefix, log }: Options): Promise<InvalidationBus> {
  const listeners = new Map<string, Listener[]>();
  const fire = (name: string) => listeners.get(name)?.forEach((listener) => listener());
  const on = (name: string, listener: Listener) => listeners.set(name, [...(listeners.get(name) ?? []), listener]);
  if (!redisUrl) return { on, publish: async () => undefined, close: async () => undefined };

  const channel = `${channelPrefix}cache-invalidate`;
  // Our own messages come back too; the writer has already dropped its cache.
  const origin = randomUUID();
  const pub = createClient({ url: redisUrl });
  const sub = pub.duplicate();
  pub.on('error', (error) => log(error, 'redis cache pub'));
  sub.on('error', (error) => log(error, 'redis cache sub'));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel, (raw) => {
    try {
      const message = JSON.parse(raw) as { origin?: string; name?: string };
      if (message.origin !== origin && typeof message.name === 'string') fire(message.name);
    } catch (error) {
      log(error, 'redis cache message');
    }
  });
  return {
    on,
    async publish(name) {
      try {
        await pub.publish(channel, JSON.stringify({ origin, name }));
      } catch (error) {
        log(error, 'redis cache publish');
      }
    },
    async close() {
      await Promise.all([sub, pub].map((client) => client.quit().catch(() => undefined)));
    },
  };
}
