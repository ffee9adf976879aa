/**
 * iCal imports that cannot hurt (issue 26), `npm run bench`: a production server process imports
 * (1) a feed of 50 events of two centuries each and (2) a feed of 10,000 ordinary events, while
 * autocannon asks `GET /api/health` all along. Printed: the import's duration, the health route's
 * latency during the import (p50, p99, max; target p99 < 100 ms), and then the time of the guest
 * calendar's read (`GET /api/appartements/disponibilites/:id`) for that apartment. Figures, not a
 * timed test. The server runs as its own process (dist/server.js) so the load generator does not
 * share its event loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/seed.js';
import { centuryEvents, manyEvents } from '../test/fixtures/ota-feeds.js';
import { startFeedServer } from '../test/support/feed-server.js';
import { percentile, startBenchServer, stopBenchServer, waitUntilUp } from './server-process.js';

const PORT = Number(process.env.BENCH_PORT ?? 5392);
const CONNECTIONS = Number(process.env.BENCH_ICAL_CONNECTIONS ?? 4);
/** An import still running after this long is reported as such and the run moves on. */
const MAX_SECONDS = Number(process.env.BENCH_ICAL_MAX_SECONDS ?? 900);
const base = `http://127.0.0.1:${PORT}`;

interface FeedState {
  id: number;
  derniereTentativeLe: string | null;
  derniereErreur: string | null;
  evenements: number;
  avertissement?: string | null;
  synchro?: unknown;
}

async function json<T>(
  route: string,
  init: RequestInit & { token?: string; timeoutMs?: number } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  // A server frozen by an import must not freeze the bench past its own limit.
  const res = await fetch(`${base}${route}`, { ...init, headers, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-ical-'));
{
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  await seedDemoData(database.db, 1024);
  await database.close();
}
const feeds = await startFeedServer();
const server = startBenchServer({
  dataDir,
  port: PORT,
  env: { JOBS_ENABLED: 'false', SCRYPT_COST: '1024', ICAL_ALLOWED_PRIVATE_HOSTS: '127.0.0.1', ICAL_FETCH_TIMEOUT_SECONDS: '60' },
});
try {
  await waitUntilUp(`${base}/api/health`, 60_000);
  const login = await json<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' }),
  });
  const admin = login.body.token;
  const apartments = (await json<{ appartements: Array<{ id: number }> }>('/api/appartements')).body.appartements;
  const today = todayIn('Europe/Paris');
  const cases = [
    { name: '50 événements de deux siècles', body: centuryEvents(50) },
    { name: '10 000 événements ordinaires', body: manyEvents(addDaysIso(today, -3 * 365), 10_000) },
  ];
  // One small import first: the figures below are those of a running server, not of its first import.
  feeds.set('/echauffement.ics', { kind: 'ics', body: manyEvents(addDaysIso(today, 10), 3) });
  const warm = await json<FeedState>(`/api/admin/appartements/${apartments[2]!.id}/flux`, {
    method: 'POST',
    token: admin,
    body: JSON.stringify({ libelle: 'Autre', url: `${feeds.url}/echauffement.ics` }),
  });
  for (let feed = warm.body; feed.derniereTentativeLe === null || feed.synchro;) {
    await new Promise((r) => setTimeout(r, 100));
    feed = (await json<FeedState>(`/api/admin/flux/${warm.body.id}`, { token: admin }).catch(() => ({ body: feed }))).body;
  }
  // BENCH_ICAL_CASES=2 (or 1,2): only some of the feeds.
  const chosen = (process.env.BENCH_ICAL_CASES ?? '1,2').split(',').map(Number);
  console.log(
    `\nImports iCal pendant que ${CONNECTIONS} connexions demandent GET /api/health (serveur de production, base embarquée PGlite ; charge de la machine ${loadavg()[0]!.toFixed(1)} sur ${cpus().length} cœurs) :`,
  );
  for (const [index, scenario] of cases.entries()) {
    if (!chosen.includes(index + 1)) continue;
    const apartment = apartments[index]!.id;
    feeds.set(`/charge-${index}.ics`, { kind: 'ics', body: scenario.body });
    let finishLoad: (result: autocannon.Result) => void = () => undefined;
    const loadDone = new Promise<autocannon.Result>((resolve) => (finishLoad = resolve));
    const load = autocannon(
      { url: `${base}/api/health`, connections: CONNECTIONS, duration: MAX_SECONDS + 60, timeout: 60 },
      (_error, result) => finishLoad(result),
    );
    // A second of load before the import, so the figures cover the import from its first instant.
    await new Promise((r) => setTimeout(r, 1000));
    const started = performance.now();
    // A server that imports on the request thread may answer after fetch's own 300 s limit: the
    // import is then followed through the feed list like an asynchronous one.
    const added = await json<FeedState>(`/api/admin/appartements/${apartment}/flux`, {
      method: 'POST',
      token: admin,
      body: JSON.stringify({ libelle: 'Autre', url: `${feeds.url}/charge-${index}.ics` }),
      timeoutMs: MAX_SECONDS * 1000,
    }).catch(() => null);
    const answeredMs = performance.now() - started;
    if (added && added.status !== 201 && added.status !== 202) throw new Error(`import: ${added.status} ${JSON.stringify(added.body)}`);
    let feed: FeedState | undefined = added?.body;
    let finished = feed !== undefined && feed.derniereTentativeLe !== null && !feed.synchro;
    while (!finished && performance.now() - started < MAX_SECONDS * 1000) {
      await new Promise((r) => setTimeout(r, 250));
      const list = await json<{ flux: FeedState[] }>(`/api/admin/appartements/${apartment}/calendriers`, { token: admin }).catch(
        () => null,
      );
      feed = list?.body.flux[0] ?? feed;
      finished = feed !== undefined && feed.derniereTentativeLe !== null && !feed.synchro;
    }
    const importMs = performance.now() - started;
    load.stop();
    const result = await loadDone;
    const reads: number[] = [];
    for (let i = 0; finished && i < 20; i += 1) {
      const t0 = performance.now();
      await fetch(`${base}/api/appartements/disponibilites/${apartment}`, { signal: AbortSignal.timeout(60_000) }).then((r) =>
        r.arrayBuffer(),
      );
      reads.push(performance.now() - t0);
    }
    reads.sort((a, b) => a - b);
    const status = finished && feed ? (feed.derniereErreur ?? feed.avertissement ?? 'ok') : `toujours en cours après ${MAX_SECONDS} s`;
    console.log(
      `- ${scenario.name} (${(scenario.body.length / 1024).toFixed(0)} Ko) : réponse à l'ajout en ${added ? `${answeredMs.toFixed(0)} ms` : `aucune (${(answeredMs / 1000).toFixed(0)} s)`}, import terminé en ${(importMs / 1000).toFixed(2)} s (${feed?.evenements ?? '?'} blocages ; ${status})`,
    );
    console.log(
      `  GET /api/health pendant l'import : ${result.requests.total} requêtes, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, erreurs ${result.errors + result.timeouts + result.non2xx}  (objectif p99 < 100 ms)`,
    );
    if (reads.length > 0)
      console.log(
        `  GET /api/appartements/disponibilites/${apartment} ensuite : médiane ${(percentile(reads, 50) ?? NaN).toFixed(1)} ms, max ${reads.at(-1)!.toFixed(1)} ms`,
      );
    else {
      // Still importing: the server cannot be measured further, nor stopped gently.
      console.log('  (import inachevé : mesures suivantes impossibles, serveur arrêté)');
      break;
    }
  }
} finally {
  await stopBenchServer(server);
  await feeds.close();
  rmSync(dataDir, { recursive: true, force: true });
}
