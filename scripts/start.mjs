/** `npm start`: builds everything, then serves the whole site (API, socket, shell, remotes) from one process. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { root, runOrExit } from './lib.mjs';

if (!process.argv.includes('--no-build')) await runOrExit(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);

// Settings from ./.env when present (see .env.example); the environment wins over the file.
const envFile = path.join(root, '.env');
const nodeArgs = ['--enable-source-maps', ...(existsSync(envFile) ? [`--env-file=${envFile}`] : [])];
// React's production build for the server rendering, unless told otherwise.
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'api', 'dist', 'server.js')], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
