/**
 * `node e2e/bench/hydration-trace.mjs`: what the browser's main thread runs while a server-rendered
 * page starts (issue 28, TBT), on the home page, an apartment page and /faq of the built site (fresh
 * embedded database, as e2e/bench/lighthouse.mjs starts it). Debian's Chromium with a DevTools trace
 * and the CPU slowed down (TRACE_CPU_SLOWDOWN, default 4, a mid-range phone), for TRACE_RUNS runs
 * (default 3) of each page; it prints the medians of:
 * - the long tasks (over 50 ms) until the page is quiet, and their blocking time (the part over 50 ms);
 * - per script: its evaluation (`EvaluateScript`, the chunk's top level) and the calls into it
 *   afterwards (`FunctionCall`, `TimerFire`… attributed to the script: React's render and hydration
 *   run in the react-dom chunk's functions).
 * The window: from the navigation to 4 s after the load event, before any interaction. Figures, not a test: a loaded
 * machine inflates them (the load average is printed), so compare runs made in the same conditions.
 */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { startBenchSite } from './bench-site.mjs';

const port = Number(process.env.BENCH_PORT ?? 4891);
const runs = Math.max(1, Number(process.env.TRACE_RUNS ?? 3));
const slowdown = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The chunk's file name without its hash (`mfe/catalog/…/ApartmentPage.1a2b.js` → `catalog:ApartmentPage.js`). */
function chunkName(url) {
  if (!url) return '(sans script)';
  const pathname = url.startsWith('http') ? new URL(url).pathname : url;
  const remote = /^\/mfe\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell';
  const file = pathname.split('/').pop() ?? pathname;
  return `${remote}:${file.replace(/\.[0-9a-f]{6,}(?=\.js$)/, '')}`;
}

const SCRIPT_EVENTS = new Set(['FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'V8.Execute']);

/** Per-script evaluation and call time, and the long tasks, from a trace's events (the page's renderer main thread). */
function analyse(events) {
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's renderer is the main thread that ran the most script (another renderer can be as busy
  // with nothing of the page).
  const busy = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if ((e.name === 'EvaluateScript' || e.name === 'FunctionCall') && mains.has(thread))
      busy.set(thread, (busy.get(thread) ?? 0) + (e.dur ?? 0));
  }
  const page = [...busy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = (e) => `${e.pid}:${e.tid}` === page && e.ph === 'X' && typeof e.dur === 'number';
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask');
  const long = tasks.filter((t) => t.dur > 50_000);
  const perScript = new Map();
  const add = (url, key, dur) => {
    const name = chunkName(url);
    const entry = perScript.get(name) ?? { evaluation: 0, calls: 0 };
    entry[key] += dur / 1000;
    perScript.set(name, entry);
  };
  // Top-level script events only (a FunctionCall inside an EvaluateScript is counted once, in it).
  const scriptEvents = events
    .filter((e) => onMain(e) && (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule' || SCRIPT_EVENTS.has(e.name)))
    .sort((a, b) => a.ts - b.ts);
  let coveredUntil = 0;
  for (const e of scriptEvents) {
    if (e.ts < coveredUntil) continue;
    const data = e.args?.data ?? {};
    const url = data.url ?? data.scriptName ?? data.stackTrace?.[0]?.url ?? '';
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') add(url, 'evaluation', e.dur);
    else if (url) add(url, 'calls', e.dur);
    else continue;
    coveredUntil = e.ts + e.dur;
  }
  return {
    longTasks: long.length,
    longTaskMs: long.reduce((s, t) => s + t.dur / 1000, 0),
    blockingMs: long.reduce((s, t) => s + (t.dur / 1000 - 50), 0),
    taskMs: tasks.reduce((s, t) => s + t.dur / 1000, 0),
    scriptMs: [...perScript.values()].reduce((s, v) => s + v.evaluation + v.calls, 0),
    perScript,
  };
}

async function tracePage(browser, url) {
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'],
  });
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  const buffer = await browser.stopTracing();
  await context.close();
  const { traceEvents } = JSON.parse(buffer.toString('utf8'));
  if (process.env.TRACE_DUMP) (await import('node:fs')).writeFileSync(process.env.TRACE_DUMP, buffer);
  return { ...analyse(traceEvents), errors };
}

const site = startBenchSite(port, 'sm-trace-');

let browser;
try {
  const pages = await site.ready;
  browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--no-first-run'] });
  // Warm the page cache and the render workers: the figures are the browser's, not the first render's.
  for (const [, url] of pages) await fetch(url);
  console.log(
    `CPU ralenti ${slowdown}×, ${runs} passage(s) par page, charge de la machine : ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [name, url] of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) results.push(await tracePage(browser, url));
    const errors = results.flatMap((r) => r.errors);
    console.log(
      `\n${name} : tâches longues ${median(results.map((r) => r.longTasks))}, ${Math.round(median(results.map((r) => r.longTaskMs)))} ms, ` +
        `blocage ${Math.round(median(results.map((r) => r.blockingMs)))} ms, ` +
        `tâches ${Math.round(median(results.map((r) => r.taskMs)))} ms, script ${Math.round(median(results.map((r) => r.scriptMs)))} ms (médianes)` +
        (errors.length ? `\n  erreurs console : ${[...new Set(errors)].join(' | ')}` : ''),
    );
    const names = new Set(results.flatMap((r) => [...r.perScript.keys()]));
    const rows = [...names]
      .map((script) => ({
        script,
        'évaluation (ms)': Math.round(median(results.map((r) => r.perScript.get(script)?.evaluation ?? 0))),
        'appels (ms)': Math.round(median(results.map((r) => r.perScript.get(script)?.calls ?? 0))),
      }))
      .filter((r) => r['évaluation (ms)'] + r['appels (ms)'] >= 3)
      .sort((a, b) => b['évaluation (ms)'] + b['appels (ms)'] - (a['évaluation (ms)'] + a['appels (ms)']));
    console.table(rows);
  }
  console.log(
    `\ncharge de la machine à la fin : ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await browser?.close();
  await site.stop();
}
