/**
 * `npm run backup` / `npm run restore -- <dossier>`: runs api/src/cli/<command>.ts with the same
 * settings as `npm start` (./.env when present; the environment wins over the file).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const [command, ...args] = process.argv.slice(2);
if (!['backup', 'restore'].includes(command)) {
  console.error('Usage : node scripts/ops.mjs backup | restore <dossier>');
  process.exit(2);
}
const envFile = path.join(root, '.env');
const code = await run(
  process.execPath,
  [
    ...(existsSync(envFile) ? [`--env-file=${envFile}`] : []),
    '--import',
    'tsx',
    path.join(root, 'api', 'src', 'cli', `${command}.ts`),
    ...args,
  ],
  { cwd: path.join(root, 'api') },
);
process.exit(code);
