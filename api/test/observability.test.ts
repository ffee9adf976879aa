/** Observability: request ids, GET /metrics (Prometheus, behind METRICS_TOKEN), GET /api/ready. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { io as connect } from 'socket.io-client';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase } from '../src/db/client.js';
import { installReadiness } from '../src/observability/ready.js';
import { randomPort, startServer, type TestServer, usingPostgres, createTestDatabase } from './helpers.js';

const TOKEN = 'jeton-de-supervision-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Value of one sample of the Prometheus text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('observability', () => {
  let server: TestServer;
  const metrics = async () => (await server.request('GET', '/metrics', { token: TOKEN })).text;

  before(async () => {
    server = await startServer({ metricsToken: TOKEN });
  });
  after(() => server.close());

  it('answers every request with an X-Request-Id: a sane incoming one is kept, else a UUID', async () => {
    const generated = await server.request('GET', '/api/health');
    assert.match(generated.headers.get('x-request-id') ?? '', UUID);
    const kept = await server.request('GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a.42:9' } });
    assert.equal(kept.headers.get('x-request-id'), 'lb-7f3a.42:9');
    for (const bad of ['avec espace', 'x'.repeat(200), '<script>']) {
      const replaced = await server.request('GET', '/api/health', { headers: { 'x-request-id': bad } });
      assert.match(replaced.headers.get('x-request-id') ?? '', UUID, bad);
    }
    const missing = await server.request('GET', '/api/nulle-part');
    assert.equal(missing.status, 404);
    assert.match(missing.headers.get('x-request-id') ?? '', UUID);
  });

  it('keeps /metrics closed: 401 without or with a wrong bearer token', async () => {
    const none = await server.request('GET', '/metrics');
    assert.equal(none.status, 401);
    assert.equal(none.body.message, 'Jeton de supervision manquant ou invalide.');
    const wrong = await server.request('GET', '/metrics', { token: `${TOKEN}x` });
    assert.equal(wrong.status, 401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const list = await server.request('GET', '/api/appartements');
    const id = list.body.appartements[0].id;
    await server.request('GET', `/api/appartements/${id}/avis`);
    await server.request('GET', `/api/appartements/${id}/avis`);
    await server.request('GET', '/api/appartements/999999/avis');
    const text = await metrics();
    assert.equal((await server.request('GET', '/metrics', { token: TOKEN })).headers.get('content-type')?.startsWith('text/plain'), true);
    assert.equal(sample(text, 'http_requests_total', { method: 'GET', route: '/api/appartements/:id/avis', status: '200' }), 2);
    assert.equal(sample(text, 'http_request_duration_seconds_count', { route: '/api/appartements/:id/avis', status: '200' }), 2);
    assert.ok(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/appartements/:id/avis', le: '+Inf' }));
    assert.ok(!text.includes(`/api/appartements/${id}/avis`), 'the raw URL never becomes a label');
  });

  it('counts reservations created and refused, by reason', async () => {
    const token = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
    const list = await server.request('GET', '/api/appartements');
    const start = addDaysIso(todayIn('Europe/Paris'), 200);
    const body = {
      appartementId: list.body.appartements[0].id,
      startDate: start,
      endDate: addDaysIso(start, 3),
      guestsCount: 1,
      accepteCgv: true,
    };
    const before = await metrics();
    const refusedBefore = (reason: string) => sample(before, 'reservations_refused_total', { reason }) ?? 0;
    assert.equal((await server.request('POST', '/api/reservations', { token, body })).status, 201);
    assert.equal((await server.request('POST', '/api/reservations', { token, body })).status, 409);
    assert.equal((await server.request('POST', '/api/reservations', { token, body: { ...body, endDate: start } })).status, 400);
    const text = await metrics();
    assert.equal(sample(text, 'reservations_created_total'), (sample(before, 'reservations_created_total') ?? 0) + 1);
    assert.equal(sample(text, 'reservations_refused_total', { reason: 'conflict' }), refusedBefore('conflict') + 1);
    assert.equal(sample(text, 'reservations_refused_total', { reason: 'validation' }), refusedBefore('validation') + 1);
  });

  it('reports open sockets, database pool usage and job runs', async () => {
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    try {
      assert.equal(sample(await metrics(), 'socket_connections'), 1);
    } finally {
      socket.close();
    }
    for (let i = 0; i < 50 && sample(await metrics(), 'socket_connections') !== 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    assert.equal(sample(await metrics(), 'socket_connections'), 0);

    const text = await metrics();
    const total = sample(text, 'db_pool_connections', { state: 'total' }) ?? 0;
    if (usingPostgres) assert.ok(total >= 1 && total <= 10, `pool total ${total}`);
    else assert.equal(total, 1);
    assert.equal(sample(text, 'db_pool_connections', { state: 'waiting' }), 0);

    assert.equal(await server.app.metrics.runJob('essai', async () => 42), 42);
    await assert.rejects(
      server.app.metrics.runJob('essai', async () => Promise.reject(new Error('panne'))),
      /panne/,
    );
    const after = await metrics();
    assert.equal(sample(after, 'job_runs_total', { job: 'essai', outcome: 'success' }), 1);
    assert.equal(sample(after, 'job_runs_total', { job: 'essai', outcome: 'failure' }), 1);
    assert.equal(sample(after, 'job_duration_seconds_count', { job: 'essai', outcome: 'failure' }), 1);
  });

  it('answers 404 on /metrics when no METRICS_TOKEN is configured', async () => {
    const bare = await startServer();
    try {
      const res = await bare.request('GET', '/metrics', { token: TOKEN });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, 'Ressource introuvable.');
    } finally {
      await bare.close();
    }
  });

  it('is ready when the database answers and every migration is applied; 503 with the missing one otherwise', async () => {
    const ready = await server.request('GET', '/api/ready');
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ok', checks: { database: 'ok', migrations: 'ok', redis: 'non configuré' } });

    const other = await startServer();
    try {
      const [last] = (
        (await other.database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning created_at`,
        )) as unknown as {
          rows: unknown[];
        }
      ).rows;
      assert.ok(last);
      const res = await other.request('GET', '/api/ready');
      assert.equal(res.status, 503);
      assert.match(res.body.message, /^Service indisponible : migrations non appliquées : \d{4}_\w+\.$/);
      other.app.readiness.draining = true;
      assert.match((await other.request('GET', '/api/ready')).body.message, /arrêt du serveur en cours/);
    } finally {
      await other.close();
    }
  });

  it('checks Redis when REDIS_URL is set: 503 in French when it does not answer', async () => {
    const app = Fastify();
    installReadiness(app, { db: server.database.db, redisUrl: `redis://127.0.0.1:${randomPort()}` });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(res.statusCode, 503);
      const body = res.json();
      assert.match(body.checks.redis, /^Redis injoignable/);
      assert.match(body.message, /^Service indisponible : Redis injoignable/);
      assert.equal(body.checks.database, 'ok');
    } finally {
      await app.close();
    }
    if (process.env.REDIS_URL) {
      const live = Fastify();
      installReadiness(live, { db: server.database.db, redisUrl: process.env.REDIS_URL });
      try {
        const res = await live.inject({ method: 'GET', url: '/api/ready' });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().checks.redis, 'ok');
      } finally {
        await live.close();
      }
    }
  });

  it('is not ready when the database is unreachable', async () => {
    const testDb = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: tmpdir(), inMemory: true });
    await database.close();
    const app = Fastify();
    installReadiness(app, { db: database.db, redisUrl: null });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      assert.equal(res.statusCode, 503);
      assert.match(res.json().message, /^Service indisponible : base de données injoignable/);
      assert.match(res.json().checks.database, /^base de données injoignable/);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});

describe('request ids in the logs', () => {
  it('writes the request id in every log line of a request', async () => {
    const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-log-'));
    const testDb = await createTestDatabase();
    const port = randomPort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiDir, 'src', 'server.ts')], {
      cwd: apiDir,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: testDb.databaseUrl ?? '',
        LOG_LEVEL: 'info',
        SCRYPT_COST: '1024',
        SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      for (let i = 0; i < 150 && !out.includes('"Server listening'); i += 1) await new Promise((r) => setTimeout(r, 200));
      const res = await fetch(`http://127.0.0.1:${port}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'journal-0042' },
        body: '{pas du json',
      });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('x-request-id'), 'journal-0042');
      for (let i = 0; i < 50 && !out.includes('request completed'); i += 1) await new Promise((r) => setTimeout(r, 50));
      const lines = out.split('\n').filter((l) => l.includes('journal-0042') || l.includes('/api/users/register'));
      assert.ok(lines.length >= 2, out);
      for (const line of lines) assert.equal(JSON.parse(line).requestId, 'journal-0042', line);
    } finally {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
