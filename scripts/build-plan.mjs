/**
 * Which packages `npm run build` must rebuild. A package is up to date when its build stamp
 * (dist/.build-stamp, dated at the START of its last successful build) is newer than every input:
 * its own files (sources, package.json, configs; not dist, node_modules or tests), the shared
 * tooling/, the lockfile and tsconfig.base.json, and the build of every workspace it depends on
 * (shared-kernel). A rebuilt dependency makes its dependents stale in the same run.
 *
 * `planBuild` is a pure function over mtimes so the decision is tested without running webpack.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { STAMP, writeStamp } from './build-stamp.cjs';

export { STAMP, writeStamp };
/** Files shared by every package's build. */
export const SHARED_INPUTS = ['tooling', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['dist', 'node_modules', 'test', '__tests__', 'coverage', '.cache']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * @param {Array<{ name: string, deps: string[], newestInput: number, builtAt: number | null }>} packages in build order (dependencies first)
 * @param {number} sharedNewest newest mtime of the shared inputs
 * @returns {Array<{ name: string, reason: string | null }>} reason null: up to date
 */
export function planBuild(packages, sharedNewest) {
  /** Time each package's output is (or will be) dated; Infinity when it is rebuilt in this run. */
  const outputTime = new Map();
  return packages.map((pkg) => {
    let reason = null;
    if (pkg.builtAt === null) reason = 'jamais construit';
    else if (pkg.newestInput > pkg.builtAt) reason = 'sources modifiées';
    else if (sharedNewest > pkg.builtAt) reason = 'outillage ou dépendances modifiés';
    else {
      const staleDep = pkg.deps.find((dep) => (outputTime.get(dep) ?? -Infinity) > pkg.builtAt);
      if (staleDep) reason = `${staleDep} reconstruit`;
    }
    outputTime.set(pkg.name, reason ? Infinity : pkg.builtAt);
    return { name: pkg.name, reason };
  });
}

/** Newest mtime (ms) under `target` (a file or a folder), skipping build outputs and tests. */
export function newestMtime(target, countFolder = true, skipped = new Set()) {
  if (!existsSync(target) || skipped.has(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A deleted file changes its folder's mtime; a package's own folder changes when dist/ appears, so it is not counted.
  let newest = countFolder ? stat.mtimeMs : 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() ? SKIPPED_DIRS.has(entry.name) : TEST_FILE.test(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name), true, skipped));
  }
  return newest;
}

/** What planBuild needs, read from the workspace folders. */
export function readPackages(root, names) {
  return names.map((name) => {
    const dir = path.join(root, name);
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const deps = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((d) => names.includes(d));
    const stamp = path.join(dir, STAMP);
    return { name, deps, newestInput: newestMtime(dir, false), builtAt: existsSync(stamp) ? statSync(stamp).mtimeMs : null };
  });
}

/**
 * Under the shared inputs but read by no build: tooling/node24 is the API tests' runtime, which
 * `npm test` installs after building (its folder and lockfile dated then), so counting it made the
 * next `npm start` rebuild every package.
 */
export const NOT_BUILD_INPUTS = [path.join('tooling', 'node24')];

export function sharedNewest(root) {
  const skipped = new Set(NOT_BUILD_INPUTS.map((f) => path.join(root, f)));
  return Math.max(0, ...SHARED_INPUTS.map((f) => newestMtime(path.join(root, f), true, skipped)));
}
