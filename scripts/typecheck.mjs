/** Strict type check of every package (the bundlers only transpile). */
import { npmCmd, run, workspaces } from './lib.mjs';

let failed = 0;
for (const pkg of workspaces()) {
  const code = await run(npmCmd(), ['run', 'typecheck', '-w', pkg, '--if-present', '--silent']);
  if (code !== 0) failed += 1;
}
if (failed) {
  console.error(`✖ Vérification des types : ${failed} paquet(s) en erreur.`);
  process.exit(1);
}
console.log('✔ Types vérifiés.');
