/**
 * Issue 26, point 7: the smaller holes. Origins for CSRF and the socket (SITE_ORIGIN and its aliases
 * only: an Origin equal to the Host is DNS rebinding), security headers and X-Request-Id on a URL
 * the router cannot read, one metrics label for static files, the socket endpoint in French,
 * anonymous sockets capped per IP, STRIPE_HOLD_MINUTES bounded at start-up.
 */
import assert from 'node:assert/strict';
import { writeFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Socket } from 'socket.io-client';
import { loadConfig } from '../src/config.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';
import { openSocket } from './support/sockets.js';

const CLIENT = ['camille.martin@exemple.fr', 'Client-Metz-2026'] as const;
const CROSS_SITE = "Cette action doit être faite depuis le site lui-même : requête d'une autre origine refusée.";

/** A raw request, so the Host header can be chosen (fetch does not let it be set). */
function raw(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers ?? {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('start-up settings', () => {
  it('refuses STRIPE_HOLD_MINUTES beyond 1410 in French (Stripe refuses sessions over 24 h)', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    assert.equal(loadConfig({ ...stripe, STRIPE_HOLD_MINUTES: '1410' }).payments.stripe?.holdMinutes, 1410);
    assert.throws(
      () => loadConfig({ ...stripe, STRIPE_HOLD_MINUTES: '1411' }),
      /STRIPE_HOLD_MINUTES doit valoir au plus 1410 \(23 h 30\) : Stripe refuse une session de paiement de plus de 24 heures/,
    );
  });

  it('reads SITE_ORIGIN_ALIASES as origins, and refuses what is not one', () => {
    assert.deepEqual(
      loadConfig({ SITE_ORIGIN_ALIASES: 'https://www.sejours.example, https://sejours-messins.example' }).siteOriginAliases,
      ['https://www.sejours.example', 'https://sejours-messins.example'],
    );
    assert.throws(
      () => loadConfig({ SITE_ORIGIN_ALIASES: 'sejours.example' }),
      /SITE_ORIGIN_ALIASES : « sejours.example » n'est pas une origine/,
    );
    assert.throws(() => loadConfig({ SITE_ORIGIN_ALIASES: 'https://sejours.example/chemin' }), /n'est pas une origine/);
  });
});

describe('CSRF origins: the site and its aliases, not whatever the Host says', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ siteOrigin: 'https://sejours.example', siteOriginAliases: ['https://www.sejours.example'] });
  });
  after(() => server.close());

  const logout = async (origin: string, host?: string) => {
    const token = await server.login(...CLIENT);
    const res = await raw(server.url, {
      method: 'POST',
      path: '/api/auth/logout',
      headers: { cookie: `sm_token=${token}`, origin, ...(host ? { host } : {}) },
    });
    return { status: res.status, message: (JSON.parse(res.body) as { message: string }).message };
  };

  it('refuses an Origin equal to the Host (DNS rebinding)', async () => {
    const rebound = await logout('http://rebind.example:8080', 'rebind.example:8080');
    assert.equal(rebound.status, 403);
    assert.equal(rebound.message, CROSS_SITE);
    assert.equal((await logout(server.url)).status, 403, 'nor the loopback address when SITE_ORIGIN is a public name');
  });

  it('accepts SITE_ORIGIN and each alias', async () => {
    assert.equal((await logout('https://sejours.example')).status, 200);
    assert.equal((await logout('https://www.sejours.example')).status, 200);
  });
});

describe('CSRF origins in development: the loopback twins of SITE_ORIGIN', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it('accepts http://127.0.0.1 and http://localhost on the port served, refuses another port', async () => {
    const port = new URL(server.url).port;
    for (const [origin, status] of [
      [`http://127.0.0.1:${port}`, 200],
      [`http://localhost:${port}`, 200],
      [`http://127.0.0.1:${Number(port) + 1}`, 403],
      [`http://evil.example:${port}`, 403],
    ] as const) {
      const token = await server.login(...CLIENT);
      const res = await server.request('POST', '/api/auth/logout', { headers: { cookie: `sm_token=${token}`, origin } });
      assert.equal(res.status, status, origin);
    }
  });
});

describe('a URL the router cannot read, metrics of static files', () => {
  let server: TestServer;
  const root = fakeBuild();
  before(async () => {
    writeFileSync(path.join(root, 'shell', 'dist', 'favicon.0123456789.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startServer({ staticRoot: root, metricsToken: 'jeton-supervision-essai' }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /api/%zz with the security headers and an X-Request-Id', async () => {
    const normal = await fetch(`${server.url}/api/health`);
    const bad = await fetch(`${server.url}/api/%zz`);
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { message: string }).message, "L'adresse demandée n'est pas valide.");
    assert.match(bad.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    for (const header of [
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'permissions-policy',
      'content-security-policy',
    ]) {
      assert.ok(bad.headers.get(header), `${header} on /api/%zz`);
      assert.ok(normal.headers.get(header), `${header} on /api/health too`);
    }
  });

  it('counts every static file under one route label', async () => {
    for (const file of ['/main.0123456789.js', '/favicon.0123456789.svg'])
      assert.equal((await fetch(`${server.url}${file}`)).status, 200, file);
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer jeton-supervision-essai' } })).text();
    assert.match(metrics, /http_requests_total\{method="GET",route="fichiers statiques",status="200"\} 2/);
    assert.ok(
      !metrics.includes('route="/main.0123456789.js"') && !metrics.includes('route="/favicon.0123456789.svg"'),
      'no label per file',
    );
  });
});

describe('the socket endpoint: French errors, anonymous sockets capped per IP', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  before(async () => {
    server = await startServer({ trustProxy: true, maxAnonymousSocketsPerIp: 2 });
  });
  after(async () => {
    sockets.forEach((s) => s.disconnect());
    await server.close();
  });

  it('answers a bad transport and a foreign origin in French', async () => {
    const transport = await fetch(`${server.url}/socket.io/?EIO=4&transport=pigeon`);
    assert.equal(transport.status, 400);
    assert.equal(((await transport.json()) as { message: string }).message, 'Mode de transport inconnu.');
    const foreign = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal(
      ((await foreign.json()) as { message: string }).message,
      'Connexion temps réel refusée : la page doit venir du site lui-même.',
    );
  });

  function open(ip: string, token?: string): Socket {
    const socket = openSocket(server.url, { extraHeaders: { 'x-forwarded-for': ip }, ...(token ? { auth: { token } } : {}) });
    sockets.push(socket);
    return socket;
  }

  function outcome(socket: Socket): Promise<string> {
    return new Promise((resolve) => {
      socket.once('auth_error', (e: { message: string }) => resolve(e.message));
      socket.once('authenticated', () => resolve('authenticated'));
      socket.once('connect', () => setTimeout(() => resolve('connected'), 300));
      socket.once('connect_error', (e: Error) => resolve(`connect_error: ${e.message}`));
      setTimeout(() => resolve('rien en 3 s'), 3000);
    });
  }

  it('refuses a third anonymous socket from one IP in French; another IP and signed-in sockets are not affected', async () => {
    assert.equal(await outcome(open('192.0.2.10')), 'connected');
    assert.equal(await outcome(open('192.0.2.10')), 'connected');
    const third = open('192.0.2.10');
    assert.equal(
      await outcome(third),
      'Trop de connexions non identifiées depuis cette adresse. Connectez-vous ou fermez des onglets puis réessayez.',
    );
    assert.equal(await outcome(open('192.0.2.11')), 'connected', 'another IP');
    const token = await server.login(...CLIENT);
    assert.equal(await outcome(open('192.0.2.10', token)), 'authenticated', 'a signed-in socket from the same IP');
  });
});
