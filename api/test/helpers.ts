/**
 * Test harness: a real server on a random port, over real HTTP, on a fresh database —
 * in-memory PGlite, or (TEST_DB=postgres) a database created on DATABASE_URL and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../src/app.js';
import { prepareDatabase } from '../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { outboxDir } from '../src/mail/mailer.js';

export const usingPostgres = process.env.TEST_DB === 'postgres';

/** Low scrypt cost in tests so hundreds of logins stay fast; the production default is tested separately. */
export const TEST_SCRYPT_COST = 1024;

export interface TestDatabase {
  databaseUrl: string | null;
  drop(): Promise<void>;
}

export async function createTestDatabase(postgres = usingPostgres): Promise<TestDatabase> {
  if (!postgres) return { databaseUrl: null, drop: async () => undefined };
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres demande DATABASE_URL');
  const name = `sm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // pg's Pool.end() resolves before its sockets are closed: wait for the server to see them go,
      // or a forced drop would terminate a closing connection and raise an error in the test process.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  url: string;
  request<T = any>(method: string, route: string, options?: RequestOptions): Promise<Reply<T>>;
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * On PGlite every test server starts from one migrated and seeded database, a dump of its data folder,
 * instead of migrating and seeding again (about 7 s of each start on the CI machine, most of the run's
 * time). The dump is kept in this process, and shared by the run's test files through the folder
 * API_TEST_SNAPSHOTS (`npm test` makes one for its run and removes it after). Its key holds the day and
 * all the configuration the start-up writes with; the migrations and the seed still run on the copy
 * and find nothing to do.
 */
const snapshots = new Map<string, Blob>();

function snapshotKey(config: AppConfig): string | null {
  if (!config.inMemoryDatabase || config.databaseUrl) return null;
  const day = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const written = {
    day,
    seed: config.seedDemoData,
    admin: config.admin,
    cost: config.scryptCost,
    legal: config.legal,
    tva: config.facturation,
  };
  return createHash('sha256').update(JSON.stringify(written)).digest('hex').slice(0, 32);
}

function snapshotFile(key: string): string | null {
  const dir = process.env.API_TEST_SNAPSHOTS;
  return dir ? path.join(dir, `${key}.tar`) : null;
}

function storedSnapshot(key: string): Blob | undefined {
  const kept = snapshots.get(key);
  if (kept) return kept;
  const file = snapshotFile(key);
  if (!file || !existsSync(file)) return undefined;
  const blob = new Blob([readFileSync(file)]);
  snapshots.set(key, blob);
  return blob;
}

async function keepSnapshot(key: string, database: Database): Promise<void> {
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  snapshots.set(key, blob);
  const file = snapshotFile(key);
  if (!file) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
  renameSync(partial, file);
}

export async function startServer(
  overrides: Partial<AppConfig> = {},
  options: {
    serveSite?: boolean;
    fetchImpl?: typeof fetch;
    logStream?: { write(line: string): void };
    paymentInstructions?: AppOptions['paymentInstructions'];
  } = {},
): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-api-test-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: testDb.databaseUrl,
      inMemoryDatabase: true,
      scryptCost: TEST_SCRYPT_COST,
      logLevel: 'silent',
      host: '127.0.0.1',
      port: 0,
      jobsEnabled: false,
      ...overrides,
    },
  );
  const key = snapshotKey(config);
  const snapshot = key ? storedSnapshot(key) : undefined;
  const database = await prepareDatabase(config, undefined, snapshot);
  if (key && !snapshot) await keepSnapshot(key, database);
  const violations: string[] = [];
  const app = await buildApp({
    config,
    database,
    onContractViolation: (violation) => violations.push(violation),
    serveSite: options.serveSite ?? false,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.paymentInstructions ? { paymentInstructions: options.paymentInstructions } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const request = async <T>(method: string, route: string, opts: RequestOptions = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${route}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as T, headers: response.headers, text };
  };

  return {
    app,
    database,
    config,
    url,
    request,
    async login(email, password) {
      const res = await request<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
      if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
      return res.body.token;
    },
    async close() {
      await app.close();
      await database.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
      reportContractViolations(violations);
    },
  };
}

/**
 * Answers that contradict the OpenAPI document fail the test file that met them (src/http/contract-audit.ts):
 * printed, and the file's process exits non-zero. Not thrown from close(): the test's own cleanup after
 * it (fake servers, child processes) must still run, or the file would never end.
 * CONTRACT_AUDIT_LOG collects them in a file instead, to survey a whole run.
 */
function reportContractViolations(violations: string[]): void {
  if (violations.length === 0) return;
  const log = process.env.CONTRACT_AUDIT_LOG;
  if (log) return appendFileSync(log, violations.map((line) => `${line}\n`).join(''));
  console.error(`✖ Le document OpenAPI ne dit pas ce que l'API a répondu :\n${[...new Set(violations)].join('\n')}`);
  process.exitCode = 1;
}

/** The release the fake catalogue build publishes. */
export const FAKE_CATALOG_RELEASE = '0123456789ab';

/**
 * Publishes a release of `remote` under `root` as a remote's build does (tooling/release.cjs): its
 * files in `mfe-<remote>/dist/releases/<id>/`, then the pointer `current.json` switched to it.
 */
export function publishFakeRelease(root: string, remote: string, id: string, files: Record<string, string>): string {
  const dist = path.join(root, `mfe-${remote}`, 'dist');
  const dir = path.join(dist, 'releases', id);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  writeFileSync(path.join(dist, 'current.json.tmp'), JSON.stringify({ release: id }));
  renameSync(path.join(dist, 'current.json.tmp'), path.join(dist, 'current.json'));
  return dir;
}

/** A minimal built site laid out as the real build lays it out, to test how the server serves it. */
export function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sm-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset=utf-8><meta name=description content="Générique"><title>Séjours Messins</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1)');
  publishFakeRelease(root, 'catalog', FAKE_CATALOG_RELEASE, {
    'mf-manifest.json': '{}',
    'remoteEntry.js': '//',
    'HomePage.abcdef0123.js': '//',
  });
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', '.build-stamp'), '2026-01-01T00:00:00.000Z\n');
  return root;
}

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One Redis key prefix per test file, so parallel runs sharing a Redis never see each other's counts. */
export const testRateLimitPrefix = `sm-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** A real API process (tsx, sources), for tests that need several processes on one database. */
export function startApiProcess(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'server.ts')], {
    cwd: apiDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCRYPT_COST: '1024',
      LOGIN_MAX_PER_IP: '1000',
      REGISTER_MAX_PER_IP: '1000',
      // Every test client is 127.0.0.1: the hashing pool's share per IP would turn their bursts into 503s.
      PASSWORD_HASH_PER_CLIENT: '1000',
      RATE_LIMIT_PREFIX: testRateLimitPrefix,
      // Encoding every demo photo in the background would compete with the test for the CPU.
      IMAGE_WARMUP: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      // A listener that never answers (another service's port) must not hold the test forever.
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} ne répond pas`);
}

export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The lowest port the OS hands out to `listen(0)` (Linux's ip_local_port_range), 32768 when unknown. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 21000 ? low : 32768;
  } catch {
    return 32768;
  }
}

const handedOut = new Set<number>();

/**
 * The TCP ports something on this machine listens on (Linux's /proc/net/tcp and tcp6, state 0A);
 * empty where that cannot be read.
 */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const [, local, , state] = line.trim().split(/\s+/);
        if (state === '0A' && local) ports.add(parseInt(local.split(':').pop()!, 16));
      }
    } catch {
      // not Linux, or not readable: the OS's EADDRINUSE will say it
    }
  }
  return ports;
}

/**
 * A port for an API child process: below the OS's ephemeral range, where every test server
 * listening on port 0 lands (a pick in that range once met one of them: EADDRINUSE), not one a
 * service of the machine listens on (RabbitMQ's 25672 was picked once: the child could not listen,
 * and the test waited on RabbitMQ's answer), and never the same twice in this test file.
 */
export function randomPort(): number {
  const high = ephemeralLow();
  const taken = listeningPorts();
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * (high - 20000));
    if (!handedOut.has(port) && !taken.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** The token of the last email verification link mailed to `email` (the outbox of the test server), or null. */
export function verificationTokenFor(server: Pick<TestServer, 'config'>, email: string): string | null {
  const dir = outboxDir(server.config.dataDir);
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir)
    .filter((f) => f.includes(email.toLowerCase()))
    .sort();
  for (const file of files.reverse()) {
    const text = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '');
    const token = /\/verifier-email\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
    if (token) return token;
  }
  return null;
}

/** Follows the verification link mailed to `email`, as its owner would (DECISIONS 38). */
export async function verifyEmailOf(server: TestServer, email: string): Promise<void> {
  const token = verificationTokenFor(server, email);
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  const res = await server.request('POST', '/api/auth/verify-email', { body: { token } });
  if (res.status !== 200) throw new Error(`verify ${email}: ${res.status} ${res.text}`);
}
