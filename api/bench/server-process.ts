/**
 * What the HTTP benches share: the built API started as its own production process (so the load
 * generator does not share its event loop), waiting for it to answer, stopping it, and the
 * percentile of sorted latencies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The keys this machine's builds of the remotes were signed with: the host runs their server builds (issue 28). */
const { localPublicKeys } = createRequire(import.meta.url)('../../tooling/signing.cjs') as { localPublicKeys: () => string };

export const benchApiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchServer {
  /** The folder holding dist/server.js (another tree's build compares commits on the same data). */
  apiDir?: string;
  dataDir: string;
  port: number;
  /** The pages render the remotes' server builds: trust this machine's signing keys. */
  signedRemotes?: boolean;
  /** Settings of this bench, over the common ones. */
  env?: Record<string, string>;
}

export function startBenchServer({ apiDir = benchApiDir, dataDir, port, signedRemotes = false, env = {} }: BenchServer): ChildProcess {
  return spawn(process.execPath, [path.join(apiDir, 'dist', 'server.js')], {
    env: {
      NODE_ENV: 'production',
      ...(signedRemotes ? { REMOTE_SIGNING_KEYS: localPublicKeys() } : {}),
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      IMAGE_WARMUP: 'false',
      ...env,
    },
    stdio: 'inherit',
  });
}

export async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}

/** SIGTERM, then SIGKILL after 15 s: a server whose event loop an import holds does not answer SIGTERM. */
export async function stopBenchServer(server: ChildProcess): Promise<void> {
  server.kill('SIGTERM');
  const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await new Promise((r) => server.once('exit', r));
  clearTimeout(killer);
}

/** The p-th percentile of ascending values (undefined when there are none). */
export const percentile = (sorted: number[], p: number): number | undefined =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
