import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../src/db/schema.js';
import { EARLY_INPUT_SCRIPT_HASH, START_SCRIPT_HASH } from '../src/http/security-headers.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';
import { multipart } from './support/multipart.js';

const CLIENT = ['camille.martin@exemple.fr', 'Client-Metz-2026'] as const;

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#1f4e79' } })
    .png()
    .toBuffer();
}

describe('CSRF: cookie-authenticated writes only from the site itself', () => {
  let server: TestServer;
  let token = '';
  let userId = 0;
  before(async () => {
    server = await startServer();
    token = await server.login(...CLIENT);
    userId = (await server.request('GET', '/api/auth/me', { token })).body.user.id;
  });
  after(() => server.close());

  const port = () => new URL(server.url).port;
  const otherOrigin = () => `http://127.0.0.1:${Number(port()) + 1}`;

  async function uploadWithCookie(headers: Record<string, string>) {
    const { body, contentType } = multipart(await png());
    const res = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { cookie: `sm_token=${token}`, 'content-type': contentType, ...headers },
      body,
    });
    return { status: res.status, body: (await res.json()) as { message?: string; avatarUrl?: string } };
  }

  it('refuses an avatar upload and a logout from another origin with 403, and changes nothing', async () => {
    const before = (await server.database.db.select({ photo: users.photo }).from(users).where(eq(users.id, userId)))[0]!.photo;
    const upload = await uploadWithCookie({ origin: otherOrigin() });
    assert.equal(upload.status, 403);
    assert.equal(upload.body.message, "Cette action doit être faite depuis le site lui-même : requête d'une autre origine refusée.");
    const viaReferer = await uploadWithCookie({ referer: `${otherOrigin()}/piege.html` });
    assert.equal(viaReferer.status, 403);
    const noOrigin = await uploadWithCookie({});
    assert.equal(noOrigin.status, 403, 'neither Origin nor Referer: refused');
    assert.equal((await server.database.db.select({ photo: users.photo }).from(users).where(eq(users.id, userId)))[0]!.photo, before);

    const logout = await server.request('POST', '/api/auth/logout', { headers: { cookie: `sm_token=${token}`, origin: otherOrigin() } });
    assert.equal(logout.status, 403);
    assert.equal(logout.body.message, "Cette action doit être faite depuis le site lui-même : requête d'une autre origine refusée.");
    assert.equal((await server.request('GET', '/api/auth/me', { token })).status, 200, 'still signed in');
  });

  it('accepts the same requests from the site’s own origin (its host or SITE_ORIGIN), and by Referer', async () => {
    const own = await uploadWithCookie({ origin: server.url });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.match(own.body.avatarUrl ?? '', /^\/media\/avatars\/[0-9a-f-]{36}\.webp$/);
    assert.equal((await uploadWithCookie({ origin: server.config.siteOrigin })).status, 200);
    assert.equal((await uploadWithCookie({ referer: `${server.url}/profile` })).status, 200);
  });

  it('leaves bearer requests alone, whatever their origin', async () => {
    const { body, contentType } = multipart(await png());
    const res = await fetch(`${server.url}/api/users/upload-avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, origin: otherOrigin(), 'content-type': contentType },
      body,
    });
    assert.equal(res.status, 200);
    const second = await server.login(...CLIENT);
    const logout = await server.request('POST', '/api/auth/logout', { token: second, headers: { origin: otherOrigin() } });
    assert.equal(logout.status, 200, logout.text);
    assert.equal((await server.request('GET', '/api/auth/me', { token: second })).status, 401);
  });

  it('logs out with the cookie from the site’s own origin', async () => {
    const third = await server.login(...CLIENT);
    const logout = await server.request('POST', '/api/auth/logout', { headers: { cookie: `sm_token=${third}`, origin: server.url } });
    assert.equal(logout.status, 200, logout.text);
    assert.equal((await server.request('GET', '/api/auth/me', { token: third })).status, 401);
  });
});

describe('security headers', () => {
  const parse = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it('sends a strict policy on pages, API answers and files, built from the configuration', async () => {
    const root = fakeBuild();
    const server = await startServer(
      { staticRoot: root, remoteUrls: { booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' } },
      { serveSite: true },
    );
    try {
      for (const route of ['/', '/api/appartements', '/main.0123456789.js', '/api/nexiste-pas', '/runtime-config.json']) {
        const res = await server.request('GET', route);
        const csp = parse(res.headers.get('content-security-policy') ?? '');
        assert.deepEqual(csp.get('default-src'), ["'self'"], route);
        assert.deepEqual(csp.get('script-src'), ["'self'", EARLY_INPUT_SCRIPT_HASH, START_SCRIPT_HASH, 'https://cdn.exemple.fr'], route);
        assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], route);
        assert.deepEqual(csp.get('frame-src'), ["'none'"], route);
        assert.ok(!(res.headers.get('content-security-policy') ?? '').includes('unsafe-eval'), route);
        assert.ok(!csp.get('script-src')!.includes("'unsafe-inline'"), route);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff', route);
        assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', route);
        assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\)/, route);
        assert.equal(res.headers.get('strict-transport-security'), null, 'no HSTS on http');
      }
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('adds Google sign-in and the booking widget only when configured, and HSTS on https', async () => {
    const server = await startServer({
      siteOrigin: 'https://sejours-messins.fr',
      googleClientId: 'client.apps.googleusercontent.com',
      bookingWidget: { scriptUrl: 'https://login.smoobu.com/js/Settings/BookingToolIframe.js', defaultOwnerId: '1', ownerOverrides: {} },
    });
    try {
      const res = await server.request('GET', '/api/health');
      const csp = parse(res.headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('script-src'), [
        "'self'",
        EARLY_INPUT_SCRIPT_HASH,
        START_SCRIPT_HASH,
        'https://accounts.google.com',
        'https://login.smoobu.com',
      ]);
      assert.deepEqual(csp.get('frame-src'), ['https://accounts.google.com', 'https://login.smoobu.com']);
      assert.match(res.headers.get('strict-transport-security') ?? '', /max-age=31536000/);
    } finally {
      await server.close();
    }
  });

  it("adds the map style's origin to connect-src and img-src only when MAP_STYLE_URL is set", async () => {
    const plain = await startServer();
    try {
      const csp = parse((await plain.request('GET', '/api/health')).headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('connect-src'), ["'self'"]);
    } finally {
      await plain.close();
    }
    const server = await startServer({ mapStyleUrl: 'https://tuiles.exemple.fr/styles/metz.json' });
    try {
      const csp = parse((await server.request('GET', '/api/health')).headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('connect-src'), ["'self'", 'https://tuiles.exemple.fr']);
      assert.deepEqual(csp.get('img-src'), ["'self'", 'data:', 'blob:', 'https://tuiles.exemple.fr']);
      assert.deepEqual(csp.get('script-src'), ["'self'", EARLY_INPUT_SCRIPT_HASH, START_SCRIPT_HASH]);
    } finally {
      await server.close();
    }
  });

  it('keeps Swagger UI working under /api/docs with its own policy, still without inline scripts', async () => {
    const server = await startServer();
    try {
      const ui = await server.request('GET', '/api/docs/');
      assert.equal(ui.status, 200);
      assert.ok(!/<script>[^<]/.test(ui.text), 'no inline script in the page');
      const csp = parse(ui.headers.get('content-security-policy') ?? '');
      assert.deepEqual(csp.get('script-src'), ["'self'"]);
      assert.ok(csp.get('img-src')!.includes('data:'));
      assert.equal((await server.request('GET', '/api/docs/static/swagger-initializer.js')).status, 200);
    } finally {
      await server.close();
    }
  });
});
