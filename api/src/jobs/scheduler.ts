/**
 * Periodic jobs of the API process (hold expiry, calendar imports, the mail queue, housekeeping).
 *
 * Written here rather than with pg-boss or graphile-worker: both need a PostgreSQL server (LISTEN,
 * several connections), and the embedded PGlite database is the default. Every process ticks every
 * job; before running, it takes the job's lease row in `job_leases` for one interval with a single
 * conditional upsert, so with several processes on one PostgreSQL a job runs once per interval, and
 * if the process holding it dies, another takes over when the lease ends. Work inside a job that
 * must not be done twice (a mail) claims its own rows as well; the lease is about cadence.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';

export interface JobDefinition {
  /** Stable name: the lease key and the metrics label. */
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

export interface Scheduler {
  /** Adds a job; it first runs one interval after `start()` (or at once with `runAtStart`). */
  every(job: JobDefinition & { runAtStart?: boolean }): void;
  /** Starts the timers (no-op when jobs are disabled). */
  start(): void;
  /**
   * Runs a job now in this process if its lease is free or ours, and waits for it (tests, and
   * actions such as 'Synchroniser maintenant'). `force` ignores another holder's lease.
   */
  runNow(name: string, options?: { force?: boolean }): Promise<boolean>;
  /** Stops the timers and waits for the jobs running now. */
  stop(): Promise<void>;
  readonly holder: string;
}

export interface SchedulerOptions {
  db: AppDb;
  enabled: boolean;
  runJob<T>(job: string, fn: () => Promise<T>): Promise<T>;
  onError(error: unknown, job: string): void;
  /** Lease holder name (a process name in logs); unique per process by default. */
  holder?: string;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db } = options;
  const holder = options.holder ? `${options.holder}:${randomUUID().slice(0, 8)}` : randomUUID();
  const jobs = new Map<string, JobDefinition & { runAtStart?: boolean }>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  async function takeLease(job: JobDefinition, force: boolean): Promise<boolean> {
    // Slightly shorter than the interval, so the next tick of the holder finds it expired.
    const leaseMs = Math.max(1, job.intervalMs - Math.min(1000, Math.floor(job.intervalMs / 10)));
    const rows = (await db.execute(sql`
      insert into job_leases (name, holder, expires_at)
      values (${job.name}, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
      on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where job_leases.expires_at <= now() or job_leases.holder = excluded.holder or ${force}
      returning holder`)) as unknown as { rows: unknown[] };
    return rows.rows.length > 0;
  }

  async function record(name: string, error: unknown): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a thrown non-Error is recorded as it prints
    const message = error === null ? null : error instanceof Error ? error.message : String(error);
    await db.execute(sql`update job_leases set last_run_at = now(), last_error = ${message} where name = ${name}`);
  }

  async function tick(job: JobDefinition, force = false): Promise<boolean> {
    if (stopped) return false;
    const current = running.get(job.name);
    if (current) {
      await current;
      return false;
    }
    const attempt = (async () => {
      if (!(await takeLease(job, force))) return false;
      try {
        await options.runJob(job.name, () => job.run());
        await record(job.name, null);
      } catch (error) {
        options.onError(error, job.name);
        await record(job.name, error).catch(() => undefined);
      }
      return true;
    })();
    const settled = attempt.then(
      () => undefined,
      () => undefined,
    );
    running.set(job.name, settled);
    try {
      return await attempt;
    } catch (error) {
      options.onError(error, job.name);
      return false;
    } finally {
      running.delete(job.name);
    }
  }

  return {
    holder,
    every(job) {
      if (jobs.has(job.name)) throw new Error(`Tâche déjà déclarée : ${job.name}`);
      jobs.set(job.name, job);
    },
    start() {
      if (!options.enabled) return;
      for (const job of jobs.values()) {
        const timer = setInterval(() => void tick(job), job.intervalMs);
        timer.unref();
        timers.add(timer);
        if (job.runAtStart) {
          const first = setTimeout(() => void tick(job), 0);
          first.unref();
          timers.add(first);
        }
      }
    },
    async runNow(name, runOptions = {}) {
      const job = jobs.get(name);
      if (!job) throw new Error(`Tâche inconnue : ${name}`);
      return tick(job, runOptions.force ?? false);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
