/**
 * Scale benchmark (issue 32 item 5): the reads a visitor and an admin make, against a catalogue
 * loaded by `npm run seed:scale` (500 apartments, 3 years by default). Point SCALE_DATA_DIR at a
 * seeded DATA_DIR (the database is copied first, so it is never changed); without it, a smaller
 * catalogue (SCALE_APARTMENTS, 100 by default, one year) is seeded in a temporary folder and the
 * figures say so. SCALE_DATABASE_URL measures the same reads on a seeded PostgreSQL instead. Each route: a fixed number of concurrent clients for BENCH_SECONDS, latencies
 * measured per request (p50, p95, p99) and requests per second, against the targets of issue 32.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_CALENDAR_PER_PAGE } from 'shared-kernel/domain';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { openDatabase } from '../src/db/client.js';
import { seedScale } from '../src/seed/scale/load.js';
import { historyMailsOf } from '../src/seed/scale/history-mails.js';
import { loadConfig } from '../src/config.js';
import { benchApiDir, percentile, startBenchServer, stopBenchServer, waitUntilUp } from './server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 5391);
// BENCH_API_DIR: the built API of another tree (another commit's figures on the same data).
const apiDir = process.env.BENCH_API_DIR ?? benchApiDir;
// The embedded database of 500 × 3 years (close to 1 GB) is read whole at start: minutes on a busy machine.
const START_TIMEOUT_MS = Number(process.env.BENCH_START_SECONDS ?? 600) * 1000;
const today = todayIn('Europe/Paris');

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-scale-bench-'));
// SCALE_DATABASE_URL: a PostgreSQL database loaded by `DATABASE_URL=… npm run seed:scale` (read in place:
// the bench only reads, apart from the admin's session).
const databaseUrl = process.env.SCALE_DATABASE_URL ?? '';
let label: string;
if (databaseUrl) {
  label = `catalogue PostgreSQL de ${new URL(databaseUrl).pathname.slice(1)} (${new URL(databaseUrl).host})`;
} else if (process.env.SCALE_DATA_DIR) {
  cpSync(process.env.SCALE_DATA_DIR, dataDir, { recursive: true });
  rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
  label = `catalogue de ${process.env.SCALE_DATA_DIR}`;
} else {
  const count = Number(process.env.SCALE_APARTMENTS ?? 100);
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  await seedScale(database.db, {
    appartements: count,
    annees: 1,
    soldeJours: 7,
    scryptCost: 1024,
    mails: historyMailsOf(database.db, loadConfig({})),
  });
  await database.close();
  label = `catalogue de ${count} appartements sur un an (SCALE_DATA_DIR absent : npm run seed:scale pour 500 × 3 ans)`;
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
  bytes: number;
}

/** CONCURRENCY clients, each asking `next()` then the next as soon as the answer is read, for SECONDS. */
async function measure(next: () => string, headers: Record<string, string> = {}): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await fetch(next(), { headers: { 'accept-encoding': 'gzip', ...headers } });
        const body = await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        bytes = Math.max(bytes, body.byteLength);
        if (!res.ok) errors += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50) ?? 0,
    p95: percentile(latencies, 95) ?? 0,
    p99: percentile(latencies, 99) ?? 0,
    rps: latencies.length / ((performance.now() - started) / 1000),
    errors,
    bytes,
  };
}

/** The machine's load as `uptime` gives it, beside its number of cores. */
function loadLine(): string {
  const [one, five] = loadavg();
  return `Charge de la machine : ${one!.toFixed(1)} (1 min), ${five!.toFixed(1)} (5 min) sur ${availableParallelism()} cœurs.`;
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const stay = () => {
  const arrivee = addDaysIso(today, 1 + Math.floor(random() * 150));
  return { arrivee, depart: addDaysIso(arrivee, 2 + Math.floor(random() * 5)) };
};

const server = startBenchServer({
  apiDir,
  dataDir,
  port: PORT,
  signedRemotes: true,
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  await waitUntilUp(`${base}/api/health`, START_TIMEOUT_MS);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@sejours-messins.fr', password: 'Admin-Metz-2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const admin = { authorization: `Bearer ${token}` };
  const first = (await (await fetch(`${base}/api/appartements?parPage=48`)).json()) as { total: number; appartements: { id: number }[] };
  const ids = first.appartements.map((a) => a.id);
  const anyId = () => ids[Math.floor(random() * ids.length)]!;
  const pages = Math.max(1, Math.ceil(first.total / 24));
  const month = today.slice(0, 7);
  const monthEnd = addDaysIso(addDaysIso(`${month}-01`, 32).slice(0, 7) + '-01', -1);
  // The admin timeline asks its first page of apartments, then the next ones as the admin scrolls.
  const calendar = `${base}/api/admin/calendrier?du=${month}-01&au=${monthEnd}&parPage=${ADMIN_CALENDAR_PER_PAGE}`;
  const calendarTotal = ((await (await fetch(`${calendar}&page=1`, { headers: admin })).json()) as { total: number }).total;
  const calendarPages = Math.max(1, Math.ceil(calendarTotal / ADMIN_CALENDAR_PER_PAGE));
  console.log(`\nÉchelle (issue 32) : ${label} ; ${first.total} appartements publiés ; ${CONCURRENCY} clients, ${SECONDS} s par route.`);
  // The figures depend on what else runs: the load average is printed with them, before and after.
  console.log(`${loadLine()}\n`);
  const rows: [string, number, () => string, Record<string, string>?][] = [
    [
      'Recherche par dates',
      100,
      () => {
        const s = stay();
        return `${base}/api/appartements?arrivee=${s.arrivee}&depart=${s.depart}&adultes=2`;
      },
    ],
    ['Liste sans dates (une page)', 50, () => `${base}/api/appartements?page=${1 + Math.floor(random() * pages)}`],
    ['Disponibilités d’un appartement', 50, () => `${base}/api/appartements/disponibilites/${anyId()}`],
    [
      'Devis',
      50,
      () => {
        const s = stay();
        return `${base}/api/appartements/${anyId()}/devis?arrivee=${s.arrivee}&depart=${s.depart}&adultes=2`;
      },
    ],
    [
      'Admin : réservations (page, filtres)',
      50,
      () => `${base}/api/admin/reservations?page=${1 + Math.floor(random() * 20)}${random() < 0.5 ? '&statut=confirmée' : ''}`,
      admin,
    ],
    [
      'Admin : calendrier d’un mois',
      50,
      // Half the asks are the first page (every visit opens it), the others a further page.
      () => `${calendar}&page=${random() < 0.5 ? 1 : 1 + Math.ceil(random() * (calendarPages - 1))}`,
      admin,
    ],
    [
      'Admin : calendrier, mois d’un appartement',
      50,
      // The month view (the page's default): the chosen apartment's month only, as its client asks it.
      () => `${base}/api/admin/calendrier?du=${month}-01&au=${monthEnd}&appartement=${anyId()}`,
      admin,
    ],
    ['Page d’accueil (HTML)', 50, () => `${base}/`],
    [
      'Page d’accueil avec des dates (HTML)',
      150,
      () => {
        const s = stay();
        return `${base}/?arrivee=${s.arrivee}&depart=${s.depart}&adultes=2`;
      },
    ],
  ];
  console.log('Route                                   p50 ms  p95 ms  p99 ms   req/s   taille  objectif p95');
  for (const [name, target, next, headers] of rows) {
    await measure(next, headers).catch(() => undefined); // warm-up pass is the first second's worth of JIT
    const f = await measure(next, headers);
    const verdict = f.errors > 0 ? `${f.errors} erreurs` : f.p95 <= target ? `≤ ${target} ok` : `> ${target} MANQUÉ`;
    console.log(
      `${name.padEnd(38)} ${f.p50.toFixed(1).padStart(7)} ${f.p95.toFixed(1).padStart(7)} ${f.p99.toFixed(1).padStart(7)} ${f.rps.toFixed(0).padStart(7)} ${`${Math.round(f.bytes / 1024)} Ko`.padStart(8)}  ${verdict}`,
    );
  }
  console.log(`\n${loadLine()}`);
} finally {
  await stopBenchServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
