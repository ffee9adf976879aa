/** `npm start`: builds everything, then serves the whole site (API, socket, shell, remotes) from one process. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { spawn } from 'node:child_process';
import { root, runOrExit } from './lib.mjs';

if (!process.argv.includes('--no-build')) await runOrExit(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);

// Settings from ./.env when present (see .env.example); the environment wins over the file.
const envFile = path.join(root, '.env');
const nodeArgs = ['--enable-source-maps', ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
// The keys whose signed server builds the API runs (issue 28): unless set, those the remotes of this
// repository were just signed with here (the development key unless their signing keys are set).
const fileSettings = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
const signing =
  (process.env.REMOTE_SIGNING_KEYS ?? fileSettings.REMOTE_SIGNING_KEYS)
    ? {}
    : { REMOTE_SIGNING_KEYS: createRequire(import.meta.url)('../tooling/signing.cjs').localPublicKeys() };
if (signing.REMOTE_SIGNING_KEYS)
  console.log(
    `REMOTE_SIGNING_KEYS non défini : l'API accepte les builds serveur signés sur cette machine (${signing.REMOTE_SIGNING_KEYS}).`,
  );
// React's production build for the server rendering, unless told otherwise.
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'api', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...signing, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
