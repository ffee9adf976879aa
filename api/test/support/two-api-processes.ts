/**
 * Two API processes on one fresh PostgreSQL database and one Redis, for the tests of what the
 * processes share through Redis (limits, realtime, cache). They run only on PostgreSQL with Redis.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { createTestDatabase, randomPort, startApiProcess, stopProcess, usingPostgres, waitForHttp, type TestDatabase } from '../helpers.js';

const redisUrl = process.env.REDIS_URL;

/** The `skip` of a suite that needs them: its reason, or false where PostgreSQL and Redis are there. */
export const needsPostgresAndRedis = (!usingPostgres || !redisUrl) && 'PostgreSQL et REDIS_URL seulement';

export interface TwoProcessesOptions {
  /** Start of the temporary data directory's name. */
  dirPrefix: string;
  /** Environment of process `i` beyond the database, Redis, port and `DATA_DIR: dataDir`. */
  env?: (i: number, dataDir: string) => Record<string, string>;
  /** Runs after the tests, before the processes stop (sockets to close while their server answers). */
  beforeStop?: () => void;
}

/** Registers the suite's hooks; `a` and `b` are the processes' base addresses. */
export function twoApiProcesses({ dirPrefix, env = () => ({}), beforeStop }: TwoProcessesOptions): {
  a: string;
  b: string;
  dataDir: string;
} {
  let db: TestDatabase | undefined;
  const processes: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), dirPrefix));
  const [a, b] = [randomPort(), randomPort()].map((p) => `http://127.0.0.1:${p}`) as [string, string];

  before(async () => {
    const database = await createTestDatabase();
    db = database;
    for (const [i, base] of [a, b].entries())
      processes.push(
        startApiProcess({
          DATABASE_URL: database.databaseUrl!,
          REDIS_URL: redisUrl!,
          PORT: new URL(base).port,
          DATA_DIR: dataDir,
          ...env(i, dataDir),
        }),
      );
    await Promise.all([a, b].map((base) => waitForHttp(`${base}/api/health`)));
  });

  after(async () => {
    beforeStop?.();
    await Promise.all(processes.map(stopProcess));
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return { a, b, dataDir };
}

/** Signs in through one process's HTTP API. */
export async function loginAt(base: string, email: string, password: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, id: body.user.id };
}
