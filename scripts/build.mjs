/** Builds everything: shared-kernel first (the API and the bundles use its output), then the API and every front-end package. */
import { frontPackages, npmCmd, runOrExit } from './lib.mjs';

const started = Date.now();
await runOrExit(npmCmd(), ['run', 'build', '-w', 'shared-kernel', '--silent']);
await runOrExit(npmCmd(), ['run', 'build', '-w', 'api', '--silent']);
for (const pkg of frontPackages()) {
  console.log(`\n▶ build ${pkg}`);
  await runOrExit(npmCmd(), ['run', 'build', '-w', pkg, '--silent', '--', '--no-stats']);
}
console.log(`\n✔ Build terminé en ${Math.round((Date.now() - started) / 1000)} s.`);
