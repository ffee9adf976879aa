/**
 * HTTP benchmark (`npm run bench`): autocannon against GET /api/appartements with 200 apartments,
 * against the home page's HTML as a visitor gets it (the list written into the page), and against a
 * trivial route of the same server (GET /api/health) in the same run, so the ratios show what each
 * costs beyond the framework itself. Figures, not a timed test.
 */
import { allApartments } from '../test/support/catalogue.js';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { appartements } from '../src/db/schema.js';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoApartments } from '../src/seed/demo-data.js';

/** The keys this machine's builds of the remotes were signed with: the host runs their server builds (issue 28). */
const { localPublicKeys } = createRequire(import.meta.url)('../../tooling/signing.cjs') as { localPublicKeys: () => string };

const APARTMENTS = 200;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 5390);
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

async function waitUntilUp(url: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}

function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'gzip' } });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-'));
await prepare(dataDir);
const server = spawn(process.execPath, [path.join(apiDir, 'dist', 'server.js')], {
  env: {
    NODE_ENV: 'production',
    REMOTE_SIGNING_KEYS: localPublicKeys(),
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    IMAGE_WARMUP: 'false',
  },
  stdio: 'inherit',
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitUntilUp(`${base}/api/health`);
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
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
