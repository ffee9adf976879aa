/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, simulated throttling) with Debian's Chromium on
 * the home page, an apartment page and /faq, served by the built site on a fresh embedded database.
 * Prints the median of N runs (LIGHTHOUSE_RUNS, default 3) of every category score and of LCP, TBT,
 * CLS and FCP, then for each page (its first run) the LCP element with its phases and the longest
 * main-thread tasks (issue 28). It reports figures; it is not a test and fails only if Lighthouse
 * itself cannot run.
 *
 * The CPU slowdown is calibrated by default (issue 28), as Lighthouse's throttling guide says: a
 * first, unmeasured run gives this machine's benchmarkIndex and the runs use 4 × benchmarkIndex / 1750
 * (the middle of the 1500–2000 bracket its default 4× is calibrated for), so a fast machine is
 * slowed down to the same mid-range phone. LIGHTHOUSE_CPU_SLOWDOWN=<n> sets it instead (4: Lighthouse's default).
 *
 * Lighthouse's simulated throttling computes phone timings from what the page really does on this
 * machine, so a loaded machine inflates blocking time: compare runs made on an idle machine.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchSite } from './bench-site.mjs';

const port = Number(process.env.BENCH_PORT ?? 4890);
const origin = `http://127.0.0.1:${port}`; // the site's, as startBenchSite serves it
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// LIGHTHOUSE_CPU_SLOWDOWN: Lighthouse's CPU multiplier; unset, it is calibrated from the machine's
// benchmarkIndex (see above).
const fixedSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (fixedSlowdown !== undefined && !(fixedSlowdown >= 1)) throw new Error('LIGHTHOUSE_CPU_SLOWDOWN doit être un nombre ≥ 1.');
/** Lighthouse's guide: 4× suits a benchmarkIndex of 1500–2000; scaled linearly from its middle, never under 1×. */
const calibratedSlowdown = (benchmarkIndex) => Math.max(1, Math.round(((4 * benchmarkIndex) / 1750) * 10) / 10);

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const short = (url) => (url ?? '').replace(origin, '') || '(page)';

/** The page's LCP element (its HTML as Lighthouse saw it) and the four phases of its time. */
function printLcp(name, lhr) {
  const [element, phases] = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element?.items?.[0]?.node;
  console.log(`\n${name} : élément LCP : ${node ? `${node.snippet} (${node.selector ?? ''})` : 'inconnu'}`);
  if (phases?.items?.length) console.table(phases.items.map((p) => ({ phase: p.phase, 'durée (ms)': Math.round(p.timing) })));
}

/** The longest main-thread tasks (Lighthouse's, simulated at the run's slowdown), with the script they are attributed to. */
function printLongTasks(name, lhr, top = 5) {
  const tasks = [...(lhr.audits['long-tasks']?.details?.items ?? [])].sort((a, b) => b.duration - a.duration).slice(0, top);
  console.log(`${name} : ${tasks.length ? `les ${tasks.length} plus longues tâches` : 'aucune tâche longue'} (simulées) :`);
  if (tasks.length)
    console.table(
      tasks.map((t) => ({ script: short(t.url), 'début (ms)': Math.round(t.startTime), 'durée (ms)': Math.round(t.duration) })),
    );
}

/**
 * LIGHTHOUSE_DETAIL=1: where the blocking time comes from, on the first run (Lighthouse's long
 * tasks with their script, and the scripts' main-thread time), to choose what to cut.
 */
function printDetail(name, lhr) {
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

const site = startBenchSite(port, 'sm-lighthouse-');

let chrome;
try {
  const pages = await site.ready;
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

  const audit = (url, slowdown) =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(slowdown ? { throttling: { cpuSlowdownMultiplier: slowdown } } : {}),
    });
  let cpuSlowdown = fixedSlowdown;
  if (cpuSlowdown === undefined) {
    // One unmeasured run: the machine's benchmarkIndex, as Lighthouse measures it in every run.
    const { lhr } = await audit(pages[0][1], undefined);
    const index = lhr.environment?.benchmarkIndex;
    if (!(index > 0)) throw new Error("Lighthouse n'a pas mesuré le benchmarkIndex de la machine.");
    cpuSlowdown = calibratedSlowdown(index);
    console.log(`benchmarkIndex ${Math.round(index)} : processeur ralenti ×${cpuSlowdown} (4 × ${Math.round(index)} / 1750).`);
  }

  const rows = [];
  for (const [name, url] of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const { lhr } = await audit(url, cpuSlowdown);
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
    printLcp(name, results[0]);
    printLongTasks(name, results[0]);
    if (process.env.LIGHTHOUSE_DETAIL) printDetail(name, results[0]);
    const worst = results[0];
    const failing = Object.values(worst.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failing.length) console.log(`${name} : audits en échec (1er passage) : ${failing.join(', ')}`);
  }
  console.log(
    `\nLighthouse ${runs} passage(s) par page, médiane (mobile, throttling simulé, processeur ×${cpuSlowdown}${fixedSlowdown === undefined ? ', calibré' : ''}) :`,
  );
  console.table(rows);
} finally {
  await chrome?.kill();
  await site.stop();
}
