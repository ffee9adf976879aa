/**
 * A second production server of our own, on its own temporary data folder and a free port, for the
 * tests that change what every other test reads: an apartment added to the catalogue (no API
 * removes one, and the home and layout tests count the demo apartments), an edited price, or
 * reservations on demo apartments (their calendars). The run's shared server stays untouched.
 *
 * Started the way playwright.config.ts starts the shared one; stopped by its own pid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Fixtures, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions } from '@playwright/test';

export interface PrivateServer {
  /** 'http://127.0.0.1:<port>' */
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** Stops the server, runs `between` on its data folder (the database is closed then), starts it again. */
  restart: (between: (dataDir: string) => Promise<void>) => Promise<void>;
  /** What the server logged (its last 64 KB, at LOG_LEVEL warn unless told otherwise). */
  logs: () => string;
}

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port > 0 ? resolve(port) : reject(new Error('Aucun port libre'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur privé s'est arrêté (code ${child.exitCode}) :\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Le serveur privé ne répond pas sur ${url}/api/health après ${timeoutMs} ms :\n${log()}`);
}

/**
 * `repoRoot` is the folder holding api/dist/server.js (the repository root). A fresh PGlite folder
 * takes 10 to 20 s to migrate and seed on an idle machine, much more on a busy one: hence the wait.
 */
export async function startPrivateServer(
  repoRoot: string,
  timeoutMs = 120_000,
  extraEnv: Record<string, string> = {},
): Promise<PrivateServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-e2e-private-'));
  let stderr = '';
  let stdout = '';
  let child: ChildProcess;
  const launch = () => {
    child = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'api', 'dist', 'server.js')], {
      cwd: repoRoot,
      env: {
        NODE_ENV: 'production',
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_ORIGIN: url,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        LOG_LEVEL: 'warn',
        LOGIN_MAX_PER_IP: '1000',
        LOGIN_MAX_PER_EMAIL: '1000',
        REGISTER_MAX_PER_IP: '1000',
        IMAGE_WARMUP: 'false',
        // As for the main test server (playwright.config.ts): the production scrypt cost takes seconds
        // per sign-in on a busy 2-core machine, past the tests' 7 s waits.
        SCRYPT_COST: '16384',
        ...extraEnv,
        // The channel-sync test serves its iCal feeds from 127.0.0.1 (the SSRF guard refuses it otherwise).
        ICAL_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout = (stdout + chunk.toString('utf8')).slice(-64_000);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8000);
    });
  };

  const halt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const restart = async (between: (dataDir: string) => Promise<void>) => {
    await halt();
    await between(dataDir);
    launch();
    await waitForHealth(url, child, () => stderr, timeoutMs);
  };

  launch();
  try {
    await waitForHealth(url, child!, () => stderr, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop, restart, logs: () => `${stdout}${stderr}` };
}

type BaseTest = PlaywrightTestArgs & PlaywrightTestOptions;
type BaseWorker = PlaywrightWorkerArgs & PlaywrightWorkerOptions;

/**
 * For a spec whose tests change shared data (the catalogue, demo calendars, a past stay):
 * `test.extend<object, { privateServer: PrivateServer }>(onPrivateServer)` starts one private server
 * per worker and makes it the tests' base URL.
 */
export const onPrivateServer: Fixtures<object, { privateServer: PrivateServer }, BaseTest, BaseWorker> = {
  privateServer: [
    async ({}, use, workerInfo) => {
      const configDir = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      const server = await startPrivateServer(path.resolve(configDir, '..'));
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ privateServer }, use) => {
    await use(privateServer.url);
  },
};
