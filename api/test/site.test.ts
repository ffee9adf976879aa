import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';

describe('serving the site', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fakeBuild();
    // A built file with the compressed copies the build writes beside it. Each copy holds its own
    // text, so a test can tell which file was sent (and that nothing was compressed on the fly).
    const padding = '\n'.padEnd(2048, ' ');
    for (const [dir, name] of [['shell', 'page.0123456789.js'], ['mfe-catalog', 'Chunk.0123456789.js']] as const) {
      const file = path.join(root, dir, 'dist', name);
      writeFileSync(file, `// brut${padding}`);
      writeFileSync(`${file}.br`, brotliCompressSync(`// compressé en brotli au build${padding}`));
      writeFileSync(`${file}.gz`, gzipSync(`// compressé en gzip au build${padding}`));
    }
    server = await startServer({ staticRoot: root, remoteUrls: { booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' } }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell for every page route, and a 404 status for unknown pages', async () => {
    for (const route of ['/', '/about', `/appartement/${demoApartments[0]!.slug}`, `/appartement/${demoApartments[0]!.slug}/avis`, '/admin/client/3', '/login?error=timeout']) {
      const res = await server.request('GET', route);
      assert.equal(res.status, 200, route);
      assert.match(res.text, /<html lang="fr">/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    }
    const unknown = await server.request('GET', '/page/inexistante');
    assert.equal(unknown.status, 404);
    assert.match(unknown.text, /<div id="root">/);
    const unknownApartment = await server.request('GET', '/appartement/nexiste-pas');
    assert.equal(unknownApartment.status, 404);
    assert.equal((await server.request('GET', '/appartement/nexiste-pas/avis')).status, 404);
    const reviews = await server.request('GET', `/appartement/${demoApartments[0]!.slug}/avis`);
    assert.match(reviews.text, /<title>Avis sur /);
    assert.match(reviews.text, new RegExp(`<link rel="canonical" href="http://localhost:5000/appartement/${demoApartments[0]!.slug}/avis">`));
    assert.match(unknownApartment.text, /<div id="root">/);
  });

  it('keeps `$` patterns of a title or description as text in the page metadata', async () => {
    // One apartment per pattern: a page is cached until the catalogue changes through the API, and these rows are written directly.
    for (const [index, pattern] of ['$&', '$`', "$'", '$$', '$1'].entries()) {
      const titre = `Studio ${pattern} test`;
      const description = `Calme ${pattern} lumineux`;
      const slug = `motif-dollar-${index}`;
      await server.database.db.insert(appartements).values({ slug, titre, description, localisation: demoApartments[1]!.localisation, prixParNuit: 80, capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } });
      const res = await server.request('GET', `/appartement/${slug}`);
      assert.equal(res.status, 200, pattern);
      assert.equal(res.text.match(/<script type="application\/ld\+json">/g)?.length, 1, pattern);
      assert.equal(res.text.match(/<\/head>/g)?.length, 1, pattern);
      const html = (t: string) => t.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
      assert.ok(res.text.includes(`<title>${html(titre)} – ${demoApartments[1]!.localisation} | Séjours Messins</title>`), pattern);
      assert.ok(res.text.includes(`"name":"${titre.replace(/&/g, '\\u0026')}"`), pattern);
      assert.ok(res.text.includes(`"description":"${description.replace(/&/g, '\\u0026')}"`), pattern);
      assert.match(res.text, /<div id="root"><\/div><\/body>/);
    }
  });

  it('gives the remotes map built from what is built and what is configured', async () => {
    const res = await server.request('GET', '/runtime-config.json');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.remotes, { catalog: '/mfe/catalog/mf-manifest.json', booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' });
    assert.equal(res.body.apiBaseUrl, '/api');
    assert.equal(res.body.siteName, 'Séjours Messins');
    assert.equal(res.body.googleClientId, null);
    assert.deepEqual(res.body.stayLimits, { maxNights: 60, maxMonthsAhead: 18 });
  });

  it('serves entry files no-cache and hashed chunks immutable', async () => {
    assert.equal((await server.request('GET', '/mfe/catalog/remoteEntry.js')).headers.get('cache-control'), 'no-cache');
    assert.equal((await server.request('GET', '/mfe/catalog/mf-manifest.json')).headers.get('cache-control'), 'no-cache');
    assert.match((await server.request('GET', '/mfe/catalog/HomePage.abcdef0123.js')).headers.get('cache-control') ?? '', /immutable/);
    assert.match((await server.request('GET', '/main.0123456789.js')).headers.get('cache-control') ?? '', /immutable/);
    assert.equal((await server.request('GET', '/mfe/catalog/absent.js')).status, 404);
  });

  it('sends the copy the build compressed when the browser accepts it, with the headers of the file itself', async () => {
    for (const route of ['/page.0123456789.js', '/mfe/catalog/Chunk.0123456789.js']) {
      const get = (acceptEncoding: string) => fetch(`${server.url}${route}`, { headers: { 'Accept-Encoding': acceptEncoding } });
      const br = await get('gzip, deflate, br');
      assert.equal(br.status, 200, route);
      assert.equal(br.headers.get('content-encoding'), 'br', route);
      assert.match(await br.text(), /^\/\/ compressé en brotli au build/, route);
      assert.match(br.headers.get('content-type') ?? '', /javascript/, route);
      assert.match(br.headers.get('cache-control') ?? '', /immutable/, route);
      assert.match(br.headers.get('vary') ?? '', /accept-encoding/i, route);
      const gz = await get('gzip');
      assert.equal(gz.headers.get('content-encoding'), 'gzip', route);
      assert.match(await gz.text(), /^\/\/ compressé en gzip au build/, route);
      assert.match(gz.headers.get('cache-control') ?? '', /immutable/, route);
      const plain = await get('identity');
      assert.equal(plain.headers.get('content-encoding'), null, route);
      assert.match(await plain.text(), /^\/\/ brut/, route);
    }
    // A file without compressed copies is still sent.
    const alone = await fetch(`${server.url}/main.0123456789.js`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(alone.status, 200);
    assert.equal(await alone.text(), 'console.log(1)');
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
