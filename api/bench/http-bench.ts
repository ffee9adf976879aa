/**
 * HTTP benchmark (`npm run bench`): autocannon against GET /api/appartements with 200 apartments,
 * against the home page's HTML as a visitor gets it (the list written into the page), and against a
 * trivial route of the same server (GET /api/health) in the same run, so the ratios show what each
 * costs beyond the framework itself. Figures, not a timed test.
 */
import { allApartments } from '../test/support/catalogue.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { appartements } from '../src/db/schema.js';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startBenchServer, stopBenchServer, waitUntilUp } from './server-process.js';

const APARTMENTS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 5390);

async function prepare(dataDir: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  await seedDemoData(database.db, 1024);
  const extra = Array.from({ length: APARTMENTS - demoApartments.length }, (_, i) => {
    const base = demoApartments[i % demoApartments.length]!;
    return { ...base, slug: `${base.slug.slice(0, 22)}-b${i}`, smoobuId: null, titre: `${base.titre} (${i + 2})` };
  });
  await database.db.insert(appartements).values(extra);
  await database.close();
}

function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip' } });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
await prepare(dataDir);
const server = startBenchServer({ dataDir, port: PORT, signedRemotes: true });
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitUntilUp(`${base}/api/health`, 20_000);
  const list = (await allApartments(base)) as unknown[];
  console.log(
    `Le catalogue compte ${list.length} appartements (GET /api/appartements en donne la première page) ; ${CONNECTIONS} connexions, ${DURATION} s par route.`,
  );
  await load(`${base}/api/health`); // warm-up of the same length is overkill; one pass primes the JIT
  const trivial = await load(`${base}/api/health`);
  const catalogue = await load(`${base}/api/appartements`);
  // The home page as a visitor without a session gets it: metadata, hints and the list in the HTML.
  const home = await load(`${base}/`);
  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(5)} ms   p99 ${String(r.latency.p99).padStart(5)} ms   erreurs ${r.errors + r.non2xx}`;
  console.log('\nRésultats (serveur de production, base embarquée PGlite) :');
  console.log(row('GET /api/health', trivial));
  console.log(row(`GET /api/appartements (${list.length})`, catalogue));
  console.log(row('GET / (HTML, visiteur)', home));
  console.log(`Rapport débit appartements / route triviale : ${(catalogue.requests.average / trivial.requests.average).toFixed(3)}`);
  console.log(`Rapport débit page d'accueil / route triviale : ${(home.requests.average / trivial.requests.average).toFixed(3)}`);
} finally {
  await stopBenchServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
