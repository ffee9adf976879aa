/**
 * Password hashing with scrypt (node:crypto). The stored string carries its parameters,
 * `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes.
 *
 * scrypt at N=2^17 costs ~128 MB and a good fraction of a second of CPU. Run on libuv's pool it
 * starved static files and the database driver (60 registrations took every request to ~37 s), so
 * it runs in a few worker threads of its own, with a bounded queue: when the queue is full the
 * request is refused with a 503 instead of waiting forever. Logins (verify) go before new hashes.
 *
 * Issue 26: the pool is shared fairly. Each job names its client (IP, account): one IP or one
 * account holds at most `perClientMax` jobs (running or waiting), so a few sources cannot fill it;
 * a login from an IP with no failure in the window ("trusted") goes first, and when the queue is
 * full it takes the place of a waiting job of a lower class (from the client with the most jobs).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ApiError } from '../http/errors.js';

const KEY_LENGTH = 64;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

export const HASHING_BUSY = 'Le service est très sollicité. Veuillez réessayer dans un instant.';

export interface HashingOptions {
  /** Worker threads computing scrypt. */
  threads: number;
  /** Jobs that may wait for a thread (all classes together); beyond that a 503. */
  queueMax: number;
  /** Jobs (running or waiting) one IP, or one account, may hold; beyond that a 503. */
  perClientMax: number;
}

/** Who asks for a hash: the pool's share is counted per IP and per account. */
export interface HashClient {
  ip: string;
  /** The account tried (normalised email), for logins. */
  account?: string;
  /** A login from an IP with no failure in the window: served before the others, and not bounded by the account's share. */
  trusted?: boolean;
}

/** Hashes computed since start (tests check that a cached rejection costs none). */
export const hashingStats = { computed: 0, evicted: 0, refused: 0 };

export const defaultHashingThreads = (): number => Math.max(1, availableParallelism() - 1);

// Evaluated as CommonJS in the worker: no file to resolve, so it works from sources (tsx) and from dist.
// On Linux the thread lowers its own priority (nice 10): when CPU is short, serving pages and the
// database go first and hashing waits (raising a nice value needs no privilege).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 10);
} catch {}
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message) });
  }
});
`;

interface Job {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** 0: trusted logins, 1: other logins, 2: new hashes (registration, reset). */
type JobClass = 0 | 1 | 2;

interface Pending {
  job: Job;
  jobClass: JobClass;
  client: HashClient | null;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

class ScryptPool {
  private readonly slots: Slot[] = [];
  private readonly queues: [Pending[], Pending[], Pending[]] = [[], [], []];
  /** Jobs running or waiting per IP and per account (keys 'ip:…', 'account:…'). */
  private readonly held = new Map<string, number>();
  private nextId = 1;

  constructor(public options: HashingOptions) {}

  run(job: Omit<Job, 'id'>, jobClass: JobClass, client: HashClient | null): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = { job: { ...job, id: this.nextId++ }, jobClass, client, resolve, reject };
      if (this.closed || !this.withinShare(pending)) {
        hashingStats.refused += 1;
        return reject(busy());
      }
      const slot = this.idleSlot();
      this.hold(pending, 1);
      if (slot) return this.start(slot, pending);
      if (this.waiting() >= this.options.queueMax && !this.evictFor(pending)) {
        this.hold(pending, -1);
        hashingStats.refused += 1;
        return reject(busy());
      }
      this.queues[jobClass].push(pending);
    });
  }

  private keys(pending: Pending): string[] {
    const { client } = pending;
    if (!client) return [];
    // A trusted login is not bounded by its account's share: a flood aimed at the account cannot keep its owner out.
    return client.account && !client.trusted ? [`ip:${client.ip}`, `account:${client.account}`] : [`ip:${client.ip}`];
  }

  private withinShare(pending: Pending): boolean {
    return this.keys(pending).every((key) => (this.held.get(key) ?? 0) < Math.max(1, this.options.perClientMax));
  }

  private hold(pending: Pending, delta: 1 | -1): void {
    for (const key of this.keys(pending)) {
      const count = (this.held.get(key) ?? 0) + delta;
      if (count > 0) this.held.set(key, count);
      else this.held.delete(key);
    }
  }

  private waiting(): number {
    return this.queues[0].length + this.queues[1].length + this.queues[2].length;
  }

  /** Makes room for `pending` by refusing a waiting job of a lower class, taken from the IP holding the most. */
  private evictFor(pending: Pending): boolean {
    for (let c = 2; c > pending.jobClass; c -= 1) {
      const queue = this.queues[c as JobClass];
      if (queue.length === 0) continue;
      let victim = queue.length - 1;
      let most = -1;
      for (let i = queue.length - 1; i >= 0; i -= 1) {
        const ip = queue[i]!.client?.ip;
        const count = ip === undefined ? 0 : (this.held.get(`ip:${ip}`) ?? 0);
        if (count > most) {
          most = count;
          victim = i;
        }
      }
      const [evicted] = queue.splice(victim, 1);
      if (!evicted) continue;
      this.hold(evicted, -1);
      hashingStats.evicted += 1;
      evicted.reject(busy());
      return true;
    }
    return false;
  }

  /** The next job: the highest class first; within it, the first whose IP has nothing running (round robin between clients). */
  private take(): Pending | undefined {
    for (const queue of this.queues) {
      if (queue.length === 0) continue;
      const running = new Set(this.slots.map((s) => s.current?.client?.ip).filter((ip): ip is string => ip !== undefined));
      const index = queue.findIndex((p) => !p.client || !running.has(p.client.ip));
      return queue.splice(index < 0 ? 0 : index, 1)[0];
    }
    return undefined;
  }

  /**
   * Shutdown (issue 26): at `withinMs` every job still waiting or running is refused with a 503, so
   * its request gets an answer (the client retries elsewhere) before the process has to exit, instead
   * of a connection cut when the shutdown timeout strikes. New jobs after that are refused too.
   */
  drain(withinMs: number): void {
    const timer = setTimeout(() => {
      this.closed = true;
      for (const queue of this.queues) for (const pending of queue.splice(0)) this.refuse(pending);
      for (const slot of this.slots.splice(0)) {
        const pending = slot.current;
        slot.current = null;
        slot.worker.removeAllListeners();
        slot.worker.on('error', () => undefined);
        void slot.worker.terminate();
        if (pending) this.refuse(pending);
      }
    }, withinMs);
    timer.unref();
  }

  private closed = false;

  private refuse(pending: Pending): void {
    this.hold(pending, -1);
    hashingStats.refused += 1;
    pending.reject(busy());
  }

  private idleSlot(): Slot | null {
    const idle = this.slots.find((s) => s.current === null);
    if (idle) return idle;
    if (this.slots.length >= Math.max(1, this.options.threads)) return null;
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), current: null };
    slot.worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const pending = slot.current;
      if (!pending || pending.job.id !== message.id) return;
      slot.current = null;
      this.hold(pending, -1);
      hashingStats.computed += 1;
      if (message.key) pending.resolve(Buffer.from(message.key));
      else pending.reject(new Error(message.error ?? 'scrypt'));
      this.next(slot);
    });
    // A crashed worker fails its job and is replaced on the next job.
    slot.worker.on('error', (error) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      if (slot.current) this.hold(slot.current, -1);
      slot.current?.reject(error);
      slot.current = null;
      if (this.waiting() === 0) return;
      const replacement = this.idleSlot();
      const waiting = replacement && this.take();
      if (replacement && waiting) this.start(replacement, waiting);
    });
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    slot.current = pending;
    // Referenced while working, so a CLI awaiting a hash does not exit; idle workers never hold the process.
    slot.worker.ref();
    slot.worker.postMessage(pending.job);
  }

  private next(slot: Slot): void {
    const waiting = this.take();
    if (waiting) this.start(slot, waiting);
    else slot.worker.unref();
  }
}

function busy(): ApiError {
  return new ApiError(503, HASHING_BUSY, { 'Retry-After': '5' });
}

/** Was this error the pool refusing a job (full, or the client over its share)? */
export function isHashingBusy(error: unknown): boolean {
  return error instanceof ApiError && error.statusCode === 503 && error.message === HASHING_BUSY;
}

const pool = new ScryptPool({ threads: defaultHashingThreads(), queueMax: 16, perClientMax: 2 });

/** On shutdown: within `withinMs`, refuse (503) every hash still waiting or running, so no request is cut. */
export function drainPasswordHashing(withinMs: number): void {
  pool.drain(withinMs);
}

/** Sets the pool's size and queue bound (from the configuration, at start-up). */
export function configurePasswordHashing(options: HashingOptions): void {
  pool.options = options;
}

function memoryFor(n: number, r: number): number {
  return 128 * n * r * 2;
}

function scrypt(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  jobClass: JobClass,
  client: HashClient | null,
): Promise<Buffer> {
  return pool.run(
    { password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, N, r, p, maxmem: memoryFor(N, r) },
    jobClass,
    client,
  );
}

export async function hashPassword(password: string, cost: number, client: HashClient | null = null): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, BLOCK_SIZE, PARALLELISM, 2, client);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null, client: HashClient | null = null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), client?.trusted ? 0 : 1, client);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when the account does not exist, so both paths take the same time. */
const decoys = new Map<number, Promise<string>>();
export function decoyHash(cost: number): Promise<string> {
  let decoy = decoys.get(cost);
  if (!decoy) {
    decoy = hashPassword(randomBytes(12).toString('hex'), cost);
    // A refused attempt (busy pool) is not kept: the next login tries again.
    decoy.catch(() => decoys.delete(cost));
    decoys.set(cost, decoy);
  }
  return decoy;
}
