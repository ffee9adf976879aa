/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, default simulated throttling) with Debian's
 * Chromium on the home page, an apartment page and /faq, served by the built site on a fresh
 * embedded database. Prints the median of N runs (LIGHTHOUSE_RUNS, default 3) of every category
 * score and of LCP, TBT, CLS and FCP. It reports figures; it is not a test and fails only if
 * Lighthouse itself cannot run.
 *
 * Lighthouse's simulated throttling computes phone timings from what the page really does on this
 * machine, so a loaded machine inflates blocking time: compare runs made on an idle machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const port = Number(process.env.BENCH_PORT ?? 4890);
const origin = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// LIGHTHOUSE_CPU_SLOWDOWN: Lighthouse's CPU multiplier (default 4, which its docs calibrate for a
// desktop whose benchmarkIndex is 1500–2000). On a faster machine a larger one simulates the same
// phone: 4 × benchmarkIndex / 1750 is the middle of that bracket.
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN doit être un nombre ≥ 1.');

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('Le serveur ne répond pas sur /api/health.');
}

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * LIGHTHOUSE_DETAIL=1: where the blocking time comes from, on the first run (Lighthouse's long
 * tasks with their script, and the scripts' main-thread time), to choose what to cut.
 */
function printDetail(name, lhr) {
  const short = (url) => (url ?? '').replace(origin, '') || '(page)';
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  console.log(`\n${name} : tâches longues (simulées) :`);
  console.table(tasks.map((t) => ({ script: short(t.url), 'début (ms)': Math.round(t.startTime), 'durée (ms)': Math.round(t.duration) })));
  const bootup = lhr.audits['bootup-time']?.details?.items ?? [];
  console.log(`${name} : temps des scripts (simulé) :`);
  console.table(
    bootup.slice(0, 10).map((b) => ({
      script: short(b.url),
      'total (ms)': Math.round(b.total),
      'exécution (ms)': Math.round(b.scripting),
      'analyse (ms)': Math.round(b.scriptParseCompile),
    })),
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-lighthouse-'));
const server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
  cwd: path.join(root, 'api'),
  stdio: ['ignore', 'ignore', 'inherit'],
  // No background encoding of every photo variant while measuring: it would compete for the CPU.
  env: {
    NODE_ENV: 'production',
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_ORIGIN: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    IMAGE_WARMUP: 'false',
  },
});

let chrome;
try {
  await waitForHealth(Date.now() + 120_000);
  const list = await (await fetch(`${origin}/api/appartements`)).json();
  const slug = list[0]?.slug;
  if (!slug) throw new Error('Aucun appartement de démonstration.');
  const pages = [
    ['Accueil', `${origin}/`],
    ['Appartement', `${origin}/appartement/${encodeURIComponent(slug)}`],
    ['FAQ', `${origin}/faq`],
  ];
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // One unmeasured visit per page, so server-side caches and the on-demand image variants it
  // preloads are warm as for a real visitor (a first encode would otherwise land in one run's LCP).
  for (const [, url] of pages) {
    const html = await (await fetch(url)).text().catch(() => '');
    for (const [, srcset] of html.matchAll(/imagesrcset="([^"]+)"/g)) {
      for (const candidate of srcset.split(',')) await fetch(new URL(candidate.trim().split(' ')[0], origin)).catch(() => undefined);
    }
  }

  const rows = [];
  for (const [name, url] of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
      });
      // A run Lighthouse could not score is reported and left out of the median.
      if (lhr.runtimeError)
        console.log(`${name}, passage ${i + 1} : erreur de Lighthouse ${lhr.runtimeError.code} : ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings ?? []) console.log(`${name}, passage ${i + 1} : ${warning}`);
      if (typeof lhr.categories.performance?.score !== 'number') {
        const errors = Object.values(lhr.audits)
          .filter((a) => a.errorMessage)
          .map((a) => `${a.id} : ${a.errorMessage}`);
        console.log(`${name}, passage ${i + 1} : pas de note de performance (${errors.join(' ; ') || 'sans message'})`);
      }
      results.push(lhr);
    }
    const score = (id) => median(results.map((r) => (r.categories[id]?.score ?? NaN) * 100));
    const metric = (id) => median(results.map((r) => r.audits[id]?.numericValue));
    rows.push({
      page: name,
      passages: results.filter((r) => typeof r.categories.performance?.score === 'number').length,
      performance: score('performance'),
      accessibilite: score('accessibility'),
      'bonnes pratiques': score('best-practices'),
      seo: score('seo'),
      'FCP (ms)': Math.round(metric('first-contentful-paint')),
      'LCP (ms)': Math.round(metric('largest-contentful-paint')),
      'TBT (ms)': Math.round(metric('total-blocking-time')),
      CLS: Number(metric('cumulative-layout-shift')?.toFixed(3)),
      // The machine's speed as Lighthouse measured it (see LIGHTHOUSE_CPU_SLOWDOWN above).
      benchmarkIndex: Math.round(median(results.map((r) => r.environment?.benchmarkIndex))),
    });
    if (process.env.LIGHTHOUSE_DETAIL) printDetail(name, results[0]);
    const worst = results[0];
    const failing = Object.values(worst.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length) console.log(`${name} : audits en échec (1er passage) : ${failing.join(', ')}`);
  }
  console.log(`\nLighthouse ${runs} passage(s) par page, médiane (mobile, throttling simulé, processeur ×${cpuSlowdown ?? 4}) :`);
  console.table(rows);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
