/**
 * `npm run dev`: watch mode. The API restarts on change (tsx watch) on port 5000; the shell dev
 * server (http://localhost:5100) proxies /api to it; each remote has its own dev server and the
 * API tells the shell where (REMOTE_<NAME>_URL).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { frontPackages, npmCmd, root, runOrExit } from './lib.mjs';

await runOrExit(npmCmd(), ['run', 'build', '-w', 'shared-kernel', '--silent']);

const remotes = frontPackages().filter((p) => p !== 'shell');
const remoteEnv = {};
for (const pkg of remotes) {
  const port = /devPort:\s*(\d+)/.exec(readFileSync(path.join(root, pkg, 'webpack.config.cjs'), 'utf8'))?.[1];
  if (port) remoteEnv[`REMOTE_${pkg.replace(/^mfe-/, '').toUpperCase()}_URL`] = `http://localhost:${port}/mf-manifest.json`;
}

const children = [
  spawn(npmCmd(), ['run', 'build', '-w', 'shared-kernel', '--', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit' }),
  spawn(npmCmd(), ['run', 'dev', '-w', 'api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...remoteEnv, SITE_ORIGIN: 'http://localhost:5100' },
  }),
  ...frontPackages().map((pkg) => spawn(npmCmd(), ['run', 'dev', '-w', pkg], { cwd: root, stdio: 'inherit' })),
];
console.log('\nSite en développement : http://localhost:5100 (API sur http://localhost:5000)\n');
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
