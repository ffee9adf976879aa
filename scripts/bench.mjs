/**
 * `npm run bench`: builds, then runs the benchmarks of api/bench and prints their figures:
 * HTTP throughput (embedded database), the reads at scale (issue 32: SCALE_DATA_DIR=<a seed:scale DATA_DIR>), server rendering (pages/s and p95 with 1 render worker and with the pool), channel sync (a 1,000-event iCal import, sync lag; the health
 * route's latency while a hostile or huge feed is imported), then booking and realtime on PostgreSQL when DATABASE_URL
 * (and REDIS_URL) are set, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench
 */
import path from 'node:path';
import { root, runOrExit } from './lib.mjs';

await runOrExit(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'http-bench.ts')], { cwd: path.join(root, 'api') });
// Issue 32: search by dates, list, availability, quote, admin list and calendar, home HTML, over a seeded catalogue
// (SCALE_DATA_DIR: a DATA_DIR loaded by `npm run seed:scale`, or SCALE_DATABASE_URL: a PostgreSQL it loaded; without them, 100 apartments over a year).
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'scale-bench.ts')], { cwd: path.join(root, 'api') });
// Issue 28: server rendering in the worker pool, pages/s and p95 for /, an apartment page and /faq, with 1 worker and with the pool.
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'ssr-bench.ts')], { cwd: path.join(root, 'api') });
// Channel sync (issue 14): import time of a 1,000-event feed and sync lag.
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'channel-sync-bench.ts')], {
  cwd: path.join(root, 'api'),
});
// Issue 26: GET /api/health p99 while a feed of 50 two-century events, then one of 10,000 events, is imported.
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'ical-load-bench.ts')], {
  cwd: path.join(root, 'api'),
});
// Booking and realtime on PostgreSQL (and Redis): skipped with a message when DATABASE_URL / REDIS_URL are not set.
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'postgres-bench.ts')], {
  cwd: path.join(root, 'api'),
});
