/**
 * Builds what changed: shared-kernel first (the API and the bundles use its output), then the API
 * and every front-end package, each skipped when its build is newer than its inputs (see
 * build-plan.mjs). `--force` rebuilds everything.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { planBuild, readPackages, sharedNewest, writeStamp } from './build-plan.mjs';
import { frontPackages, npmCmd, root, runOrExit } from './lib.mjs';

const force = process.argv.includes('--force');
const started = Date.now();
const names = ['shared-kernel', 'api', ...frontPackages()];
const plan = planBuild(readPackages(root, names), sharedNewest(root));
let built = 0;
for (const { name, reason } of plan) {
  if (!reason && !force) {
    console.log(`✔ ${name} à jour`);
    continue;
  }
  console.log(`\n▶ build ${name} (${force ? 'reconstruction forcée' : reason})`);
  const startedAt = Date.now();
  const isFront = existsSync(path.join(root, name, 'webpack.config.cjs'));
  await runOrExit(npmCmd(), ['run', 'build', '-w', name, '--silent', ...(isFront ? ['--', '--no-stats'] : [])]);
  mkdirSync(path.join(root, name, 'dist'), { recursive: true });
  writeStamp(root, name, startedAt);
  built += 1;
}
console.log(`\n✔ Build terminé en ${Math.round((Date.now() - started) / 1000)} s (${built} paquet(s) reconstruit(s) sur ${plan.length}).`);
