import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.js';

/** A minimal built site laid out as the real build lays it out, to test how the server serves it. */
function fakeBuild(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sm-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><html lang="fr"><body><div id="root"></div></body></html>');
  writeFileSync(path.join(root, 'shell', 'dist', 'main.0123456789.js'), 'console.log(1)');
  mkdirSync(path.join(root, 'mfe-catalog', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'remoteEntry.js'), '//');
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'HomePage.abcdef0123.js'), '//');
  return root;
}

describe('serving the site', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fakeBuild();
    server = await startServer({ staticRoot: root, remoteUrls: { booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' } }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell for every page route, and a 404 status for unknown pages', async () => {
    for (const route of ['/', '/about', '/appartement/studio-cathedrale', '/appartement/x/avis', '/admin/client/3', '/login?error=timeout']) {
      const res = await server.request('GET', route);
      assert.equal(res.status, 200, route);
      assert.match(res.text, /<html lang="fr">/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    }
    const unknown = await server.request('GET', '/page/inexistante');
    assert.equal(unknown.status, 404);
    assert.match(unknown.text, /<div id="root">/);
  });

  it('gives the remotes map built from what is built and what is configured', async () => {
    const res = await server.request('GET', '/runtime-config.json');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.remotes, { catalog: '/mfe/catalog/mf-manifest.json', booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' });
    assert.equal(res.body.apiBaseUrl, '/api');
    assert.equal(res.body.siteName, 'Séjours Messins');
    assert.equal(res.body.googleClientId, null);
  });

  it('serves entry files no-cache and hashed chunks immutable', async () => {
    assert.equal((await server.request('GET', '/mfe/catalog/remoteEntry.js')).headers.get('cache-control'), 'no-cache');
    assert.equal((await server.request('GET', '/mfe/catalog/mf-manifest.json')).headers.get('cache-control'), 'no-cache');
    assert.match((await server.request('GET', '/mfe/catalog/HomePage.abcdef0123.js')).headers.get('cache-control') ?? '', /immutable/);
    assert.match((await server.request('GET', '/main.0123456789.js')).headers.get('cache-control') ?? '', /immutable/);
    assert.equal((await server.request('GET', '/mfe/catalog/absent.js')).status, 404);
  });

  it('serves the demo images', async () => {
    const list = await server.request('GET', '/api/appartements');
    const image = list.body[0].images[0] as string;
    const res = await fetch(`${server.url}${image}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.ok((await res.arrayBuffer()).byteLength > 1000);
  });

  it('documents the API with OpenAPI under /api/docs', async () => {
    const spec = await server.request('GET', '/api/docs/json');
    assert.equal(spec.status, 200);
    assert.equal(spec.body.openapi.slice(0, 2), '3.');
    for (const route of ['/api/appartements', '/api/auth/login', '/api/auth/me', '/api/auth/logout', '/api/auth/google', '/api/users/register']) {
      assert.ok(spec.body.paths[route], route);
    }
    const ui = await server.request('GET', '/api/docs/');
    assert.equal(ui.status, 200);
    assert.match(ui.text, /swagger/i);
  });
});
