/**
 * Server rendering benchmark (`npm run bench`, issue 28): pages rendered per second and the p95 of a
 * render for `/`, an apartment page and `/faq`, with one render worker and with the pool, from the
 * real builds of `npm run build` (the shell's and the catalogue's live release, its signature checked
 * with this machine's keys) and the demo data. The page cache is not in the way: this measures the
 * renders themselves, as a cache miss pays them. Figures, not a timed test.
 *
 * Each run keeps BENCH_SSR_CONCURRENCY renders asked at once (default 8) for BENCH_SSR_SECONDS per
 * page (default 5); a render's time counts from its request, so with one worker it includes the wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, repoRoot } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDemoData } from '../src/seed/seed.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { apiKernelCheck } from '../src/web/remotes/kernel-check.js';
import { LocalRemote } from '../src/web/remotes/local-remote.js';
import { PageRenderer } from '../src/web/ssr/page-renderer.js';
import { sharedModules } from '../src/web/ssr/shared-modules.js';
import { parseSigningKeys } from '../src/web/ssr/signature.js';
import { factsFor } from '../src/web/static-site.js';

// React's production build in the workers, as `npm start` runs them.
process.env.NODE_ENV ??= 'production';
const SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_SSR_CONCURRENCY ?? 8);
const POOL = Number(process.env.SSR_WORKERS ?? Math.min(4, availableParallelism()));
const { localPublicKeys } = createRequire(import.meta.url)('../../tooling/signing.cjs') as { localPublicKeys: () => string };

const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-bench-ssr-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const database = await openDatabase({ databaseUrl: null, dataDir });
try {
  await database.migrate();
  await seedDemoData(database.db, 1024);
  const warn = (message: string, error?: unknown) => console.warn(message, error instanceof Error ? error.message : (error ?? ''));
  const keys = parseSigningKeys(process.env.REMOTE_SIGNING_KEYS ?? localPublicKeys());
  const catalog = new LocalRemote('catalog', path.join(repoRoot, 'mfe-catalog', 'dist'), {
    shared: sharedModules,
    kernel: await apiKernelCheck(),
    keys,
    warn,
  });
  const release = catalog.current();
  const build = await release?.serverBuild();
  if (!release || !build)
    throw new Error('Pas de build serveur du catalogue accepté : lancez « npm run build » (et vérifiez REMOTE_SIGNING_KEYS).');
  const runtimeConfig = {
    siteName: config.siteName,
    apiBaseUrl: '/api',
    googleClientId: null,
    remotes: { catalog: release.manifestUrl },
    bookingWidget: null,
    stayLimits: config.stayLimits,
  };
  const pages = ['/', `/appartement/${demoApartments[2]!.slug}`, '/faq'];
  const data = new Map<string, Record<string, unknown>>();
  for (const page of pages) data.set(page, (await factsFor(page, config, database.db))?.data ?? {});

  console.log(
    `\nRendu serveur (builds de npm run build, ${demoApartments.length} appartements de démonstration) : ${CONCURRENCY} rendus demandés à la fois, ${SECONDS} s par page.`,
  );
  for (const size of [...new Set([1, POOL])]) {
    const renderer = await PageRenderer.create({
      shellDir: path.join(repoRoot, 'shell', 'dist'),
      pool: { size, budgetMs: 10_000, memoryMb: 256 },
      warn,
    });
    try {
      const renderOnce = async (page: string) => {
        const rendered = await renderer.render(page, 'catalog', build, data.get(page)!, runtimeConfig);
        if (!rendered) throw new Error(`Rendu de ${page} impossible.`);
      };
      // Warm-up: every worker loads the builds and the JIT settles.
      for (const page of pages) await Promise.all(Array.from({ length: size * 4 }, () => renderOnce(page)));
      for (const page of pages) {
        const times: number[] = [];
        const end = performance.now() + SECONDS * 1000;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (performance.now() < end) {
              const at = performance.now();
              await renderOnce(page);
              times.push(performance.now() - at);
            }
          }),
        );
        const elapsed = (performance.now() - started) / 1000;
        times.sort((a, b) => a - b);
        const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
        const label = `${size} worker${size > 1 ? 's' : ''}`.padEnd(10);
        console.log(
          `${label} ${page.padEnd(48)} ${(times.length / elapsed).toFixed(1).padStart(7)} pages/s   p50 ${p(0.5).toFixed(1).padStart(6)} ms   p95 ${p(0.95).toFixed(1).padStart(6)} ms`,
        );
      }
    } finally {
      await renderer.close();
    }
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
