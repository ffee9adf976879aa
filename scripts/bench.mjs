/** `npm run bench`: builds the API, then runs the benchmarks of api/bench and prints their figures. */
import path from 'node:path';
import { root, runOrExit } from './lib.mjs';

await runOrExit(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
await runOrExit(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'bench', 'http-bench.ts')], { cwd: path.join(root, 'api') });
