/**
 * Browser tests against the production build, started the way `npm start` starts it, on a fresh
 * temporary data folder, in Debian's Chromium (never a downloaded browser).
 */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 5310);
// Workers inherit the environment of the main process: one data folder for the whole run.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'sm-e2e-'));
// The host trusts the keys this machine's builds of the remotes were signed with (tooling/signing.cjs),
// set the way a deploy sets its publishers' keys; the private servers of some tests inherit it.
process.env.REMOTE_SIGNING_KEYS ??= (
  createRequire(__filename)('../tooling/signing.cjs') as { localPublicKeys: () => string }
).localPublicKeys();

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  globalTeardown: './support/teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node --enable-source-maps ${path.join('..', 'api', 'dist', 'server.js')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // Migrations, the demo seed and the signed remote builds: about 20 s on a quiet 2-core machine,
    // and more than 60 s when other work shares it (seen: 70 s). The tests' own timeouts stay short.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // As `npm start` runs it (React's production build renders the public pages).
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      REMOTE_SIGNING_KEYS: process.env.REMOTE_SIGNING_KEYS ?? '',
      // Many sign-ins from one address during the run; the limit itself is covered by the API tests.
      // With REDIS_URL (CI), limits are shared through Redis and outlive a run: this run counts under its own keys.
      RATE_LIMIT_PREFIX: `sm-e2e-${process.pid}-${Date.now()}:`,
      LOGIN_MAX_PER_IP: '1000',
      LOGIN_MAX_PER_EMAIL: '1000',
      REGISTER_MAX_PER_IP: '1000',
      // Accounts are created and signed in dozens of times per run, on small shared machines: a
      // lighter scrypt cost keeps each sign-in well under a second. The production cost (2^17) and
      // its storage format are covered by the API tests.
      SCRYPT_COST: '16384',
      // The jobs run (mails to the outbox), but not the background encoding of every demo photo,
      // which would take a core for minutes: the pages visited encode what they show, once
      // (the variants are kept in api/.cache/images from one run to the next).
      IMAGE_WARMUP: 'false',
    },
  },
});
