/**
 * Password hashing with scrypt (node:crypto). The stored string carries its parameters,
 * `scrypt$N$r$p$salt$hash`, so the cost can be raised later without breaking old hashes.
 *
 * scrypt at N=2^17 costs ~128 MB and a good fraction of a second of CPU. Run on libuv's pool it
 * starved static files and the database driver (60 registrations took every request to ~37 s), so
 * it runs in a few worker threads of its own, with a bounded queue: when the queue is full the
 * request is refused with a 503 instead of waiting forever. Logins (verify) go before new hashes.
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
  /** Jobs that may wait for a thread, per priority; beyond that a 503. */
  queueMax: number;
}

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

interface Pending {
  job: Job;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
}

class ScryptPool {
  private readonly slots: Slot[] = [];
  /** [0]: verifications (logins), [1]: new hashes (registration, reset). */
  private readonly queues: [Pending[], Pending[]] = [[], []];
  private nextId = 1;

  constructor(public options: HashingOptions) {}

  run(job: Omit<Job, 'id'>, priority: 0 | 1): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const pending: Pending = { job: { ...job, id: this.nextId++ }, resolve, reject };
      const slot = this.idleSlot();
      if (slot) return this.start(slot, pending);
      const queue = this.queues[priority];
      if (queue.length >= this.options.queueMax) return reject(new ApiError(503, HASHING_BUSY, { 'Retry-After': '5' }));
      queue.push(pending);
    });
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
      if (message.key) pending.resolve(Buffer.from(message.key));
      else pending.reject(new Error(message.error ?? 'scrypt'));
      this.next(slot);
    });
    // A crashed worker fails its job and is replaced on the next job.
    slot.worker.on('error', (error) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      slot.current?.reject(error);
      slot.current = null;
      if (this.queues[0].length + this.queues[1].length === 0) return;
      const replacement = this.idleSlot();
      const waiting = replacement && (this.queues[0].shift() ?? this.queues[1].shift());
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
    const waiting = this.queues[0].shift() ?? this.queues[1].shift();
    if (waiting) this.start(slot, waiting);
    else slot.worker.unref();
  }
}

const pool = new ScryptPool({ threads: defaultHashingThreads(), queueMax: 16 });

/** Sets the pool's size and queue bound (from the configuration, at start-up). */
export function configurePasswordHashing(options: HashingOptions): void {
  pool.options = options;
}

function memoryFor(n: number, r: number): number {
  return 128 * n * r * 2;
}

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number, priority: 0 | 1): Promise<Buffer> {
  return pool.run({ password: password.normalize('NFKC'), salt, keyLength: KEY_LENGTH, N, r, p, maxmem: memoryFor(N, r) }, priority);
}

export async function hashPassword(password: string, cost: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, BLOCK_SIZE, PARALLELISM, 1);
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), 0);
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
