/**
 * The built site as the benches measure it (Lighthouse, the hydration trace): the production server
 * on a fresh embedded database with the demo data, server rendering on, and its demo pages.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitForHealth(origin, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('Le serveur ne répond pas sur /api/health.');
}

/** Starts the server on `port`; `ready` resolves with the pages to measure: home, an apartment, /faq. */
export function startBenchSite(port, prefix) {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
    cwd: path.join(root, 'api'),
    stdio: ['ignore', 'ignore', 'inherit'],
    // No background encoding of every photo variant while measuring: it would compete for the CPU.
    env: {
      NODE_ENV: 'production',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_ORIGIN: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      IMAGE_WARMUP: 'false',
      // The pages are server rendered as in production: the host trusts the keys this machine's builds
      // of the remotes were signed with (tooling/signing.cjs), as the browser tests do; without them
      // every remote would render in the browser and the figures would be those of a client-rendered site.
      REMOTE_SIGNING_KEYS:
        process.env.REMOTE_SIGNING_KEYS ?? createRequire(import.meta.url)(path.join(root, 'tooling', 'signing.cjs')).localPublicKeys(),
    },
  });
  const ready = (async () => {
    await waitForHealth(origin, Date.now() + 300_000);
    const list = await (await fetch(`${origin}/api/appartements`)).json();
    const slug = list.appartements?.[0]?.slug;
    if (!slug) throw new Error('Aucun appartement de démonstration.');
    return [
      ['Accueil', `${origin}/`],
      ['Appartement', `${origin}/appartement/${encodeURIComponent(slug)}`],
      ['FAQ', `${origin}/faq`],
    ];
  })();
  const stop = async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, ready, stop };
}
