/** Small helpers shared by the root scripts (build, start, test, dev, bench). */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Workspaces in the order of the root package.json. */
export function workspaces() {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
}

/** Front-end packages: those with a webpack config (the shell and every remote). */
export function frontPackages() {
  return workspaces().filter((w) => existsSync(path.join(root, w, 'webpack.config.cjs')));
}

/** Runs a command, inheriting stdio unless told otherwise; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...(options.env ?? {}) } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function runOrExit(command, args, options) {
  const code = await run(command, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} a échoué (code ${code}).`);
    process.exit(code);
  }
}

export function npmCmd() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}
