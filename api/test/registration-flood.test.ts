/**
 * Password hashing cannot starve the server (issue 10): 60 simultaneous registrations at the
 * production scrypt cost (2^17) while a static file and the catalogue are fetched in a loop.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { defaultHashingThreads } from '../src/auth/password.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';

const PRODUCTION_COST = 131072;
const BUSY = 'Le service est très sollicité. Veuillez réessayer dans un instant.';

function p99(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
}

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  assert.equal(res.status, 200, url);
  return performance.now() - start;
}

describe('60 simultaneous registrations at the production scrypt cost', () => {
  let server: TestServer;
  const root = fakeBuild();

  before(async () => {
    // Registration limit raised so that all 60 reach the hashing pool: the worst case for it.
    server = await startServer(
      {
        scryptCost: PRODUCTION_COST,
        staticRoot: root,
        registerLimits: { perIp: 1000, windowSeconds: 3600 },
        passwordHashing: { threads: defaultHashingThreads(), queueMax: 16, perClientMax: 1000 },
      },
      { serveSite: true },
    );
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps static files and the catalogue under 200 ms p99; each registration ends 201, 429 or 503', async () => {
    // Warm up the paths measured below (first compile of the route, list cache).
    await timed(`${server.url}/main.0123456789.js`);
    await timed(`${server.url}/api/appartements`);

    let flooding = true;
    const samples = { static: [] as number[], catalogue: [] as number[] };
    const loop = async (url: string, into: number[]) => {
      while (flooding) into.push(await timed(url));
    };
    const loops = [loop(`${server.url}/main.0123456789.js`, samples.static), loop(`${server.url}/api/appartements`, samples.catalogue)];

    const started = performance.now();
    const registrations = Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await server.request('POST', '/api/users/register', {
          body: { nom: `Rafale ${i}`, email: `rafale${i}@exemple.fr`, password: 'motdepasse-rafale' },
        });
        return { status: res.status, message: res.body?.message as string };
      }),
    );
    // A real user signs in during the flood: logins go before new hashes in the pool.
    await new Promise((r) => setTimeout(r, 200));
    const loginStart = performance.now();
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: 'camille.martin@exemple.fr', password: 'Client-Metz-2026' },
    });
    const loginMs = performance.now() - loginStart;
    const results = await registrations;
    const floodMs = performance.now() - started;
    flooding = false;
    await Promise.all(loops);

    const count = (status: number) => results.filter((r) => r.status === status).length;
    const figures = {
      floodMs: Math.round(floodMs),
      loginMs: Math.round(loginMs),
      staticP99: Math.round(p99(samples.static)),
      staticRequests: samples.static.length,
      catalogueP99: Math.round(p99(samples.catalogue)),
      catalogueRequests: samples.catalogue.length,
      created: count(201),
      busy: count(503),
      limited: count(429),
    };
    console.log('registration flood:', JSON.stringify(figures));

    assert.deepEqual(
      results.filter((r) => ![201, 429, 503].includes(r.status)),
      [],
      'only 201, 429 or 503',
    );
    for (const r of results.filter((x) => x.status === 503)) assert.equal(r.message, BUSY);
    assert.ok(figures.created > 0, 'some accounts are created');
    assert.ok(figures.busy > 0, 'beyond the queue, 503 instead of waiting forever');
    assert.equal(login.status, 200, 'a real user still signs in');
    assert.ok(samples.static.length >= 10 && samples.catalogue.length >= 10);
    assert.ok(figures.staticP99 < 200, `static p99 ${figures.staticP99} ms`);
    assert.ok(figures.catalogueP99 < 200, `catalogue p99 ${figures.catalogueP99} ms`);
  });
});

describe('registration rate limit per IP', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ registerLimits: { perIp: 3, windowSeconds: 3600 } });
  });
  after(() => server.close());

  it('answers 429 in French with Retry-After beyond the limit', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await server.request('POST', '/api/users/register', {
        body: { nom: `Limite ${i}`, email: `limite${i}@exemple.fr`, password: 'motdepasse-limite' },
      });
      statuses.push(last.status);
    }
    assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
    assert.equal(last!.body.message, 'Trop de créations de compte depuis cette adresse. Veuillez réessayer plus tard.');
    assert.ok(Number(last!.headers.get('retry-after')) > 0);
  });
});
