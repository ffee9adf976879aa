import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { FAKE_CATALOG_RELEASE, fakeBuild, publishFakeRelease, startServer, type TestServer } from './helpers.js';

const CATALOG = `/mfe/catalog/releases/${FAKE_CATALOG_RELEASE}`;

describe('serving the site', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fakeBuild();
    // A built file with the compressed copies the build writes beside it. Each copy holds its own
    // text, so a test can tell which file was sent (and that nothing was compressed on the fly).
    const padding = '\n'.padEnd(2048, ' ');
    for (const [dir, name] of [
      ['shell/dist', 'page.0123456789.js'],
      [`mfe-catalog/dist/releases/${FAKE_CATALOG_RELEASE}`, 'Chunk.0123456789.js'],
    ] as const) {
      const file = path.join(root, dir, name);
      writeFileSync(file, `// brut${padding}`);
      writeFileSync(`${file}.br`, brotliCompressSync(`// compressé en brotli au build${padding}`));
      writeFileSync(`${file}.gz`, gzipSync(`// compressé en gzip au build${padding}`));
    }
    // The admin remote is built too: its address is for an admin's session only.
    publishFakeRelease(root, 'admin', 'abcdefabcdef', { 'mf-manifest.json': '{}', 'remoteEntry.js': '//' });
    server = await startServer(
      { staticRoot: root, remoteUrls: { booking: 'https://cdn.exemple.fr/booking/mf-manifest.json' } },
      { serveSite: true },
    );
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell for every page route, and a 404 status for unknown pages', async () => {
    for (const route of [
      '/',
      '/about',
      `/appartement/${demoApartments[0]!.slug}`,
      `/appartement/${demoApartments[0]!.slug}/avis`,
      '/admin/client/3',
      '/login?error=timeout',
    ]) {
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
    assert.match(
      reviews.text,
      new RegExp(`<link rel="canonical" href="http://localhost:5000/appartement/${demoApartments[0]!.slug}/avis">`),
    );
    assert.match(unknownApartment.text, /<div id="root">/);
  });

  it('keeps `$` patterns of a title or description as text in the page metadata', async () => {
    // One apartment per pattern: a page is cached until the catalogue changes through the API, and these rows are written directly.
    for (const [index, pattern] of ['$&', '$`', "$'", '$$', '$1'].entries()) {
      const titre = `Studio ${pattern} test`;
      const description = `Calme ${pattern} lumineux`;
      const slug = `motif-dollar-${index}`;
      await server.database.db.insert(appartements).values({
        slug,
        titre,
        description,
        localisation: demoApartments[1]!.localisation,
        prixParNuit: 80,
        capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
      });
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

  it('gives the remotes map built from what is built (the current release of each) and what is configured, without the admin remote', async () => {
    const res = await server.request('GET', '/runtime-config.json');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.remotes, {
      catalog: `${CATALOG}/mf-manifest.json`,
      booking: 'https://cdn.exemple.fr/booking/mf-manifest.json',
    });
    assert.equal(res.body.apiBaseUrl, '/api');
    assert.equal(res.body.siteName, 'Séjours Messins');
    assert.equal(res.body.googleClientId, null);
    assert.deepEqual(res.body.stayLimits, { maxNights: 60, maxMonthsAhead: 18 });
    // No MAP_STYLE_URL: no map is offered.
    assert.equal(res.body.mapStyleUrl, null);
  });

  it("serves a remote's release pointer no-cache and every file of a release immutable, hashed chunks of the shell immutable", async () => {
    const pointer = await server.request('GET', '/mfe/catalog/current.json');
    assert.equal(pointer.headers.get('cache-control'), 'no-cache');
    assert.equal(pointer.body.release, FAKE_CATALOG_RELEASE);
    // A release is named after its content: even its entry and manifest never change.
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'HomePage.abcdef0123.js']) {
      assert.match((await server.request('GET', `${CATALOG}/${file}`)).headers.get('cache-control') ?? '', /immutable/, file);
    }
    assert.match((await server.request('GET', '/main.0123456789.js')).headers.get('cache-control') ?? '', /immutable/);
    assert.equal((await server.request('GET', `${CATALOG}/absent.js`)).status, 404);
    // Nothing of the build's own bookkeeping: its stamp, a build being staged.
    assert.equal((await server.request('GET', '/mfe/catalog/.build-stamp')).status, 404);
    publishFakeRelease(root, 'catalog', FAKE_CATALOG_RELEASE, {});
    mkdirSync(path.join(root, 'mfe-catalog', 'dist', '.staging'), { recursive: true });
    writeFileSync(path.join(root, 'mfe-catalog', 'dist', '.staging', 'remoteEntry.js'), '// à moitié écrit');
    assert.equal((await server.request('GET', '/mfe/catalog/.staging/remoteEntry.js')).status, 404);
  });

  it('names a new release of a remote in the pages from the moment its pointer is switched, and keeps serving the previous one', async () => {
    const pageConfig = (html: string) =>
      JSON.parse(/<script type="application\/json" id="sm-runtime-config">([^<]*)<\/script>/.exec(html)![1]!) as {
        remotes: Record<string, string>;
      };
    assert.equal(pageConfig((await server.request('GET', '/about')).text).remotes.catalog, `${CATALOG}/mf-manifest.json`);
    publishFakeRelease(root, 'catalog', 'fedcba987654', { 'mf-manifest.json': '{}', 'remoteEntry.js': '// nouvelle version' });
    try {
      assert.equal(
        pageConfig((await server.request('GET', '/about')).text).remotes.catalog,
        '/mfe/catalog/releases/fedcba987654/mf-manifest.json',
      );
      assert.equal(
        (await server.request('GET', '/runtime-config.json')).body.remotes.catalog,
        '/mfe/catalog/releases/fedcba987654/mf-manifest.json',
      );
      // A tab opened before the switch still gets its files.
      assert.equal((await server.request('GET', `${CATALOG}/remoteEntry.js`)).status, 200);
    } finally {
      publishFakeRelease(root, 'catalog', FAKE_CATALOG_RELEASE, {});
    }
  });

  it("gives the admin remote's address to an admin's session only, never in a visitor's page", async () => {
    const page = await server.request('GET', '/');
    assert.doesNotMatch(page.text, /mfe\/admin/);
    assert.doesNotMatch((await server.request('GET', '/', { headers: { cookie: 'sm_token=jeton' } })).text, /mfe\/admin/);
    const visitor = await server.request('GET', '/api/admin/module-distant');
    assert.equal(visitor.status, 401);
    assert.equal(visitor.body.message, 'Authentification requise. Veuillez vous connecter.');
    const client = await server.request('GET', '/api/admin/module-distant', {
      token: await server.login('camille.martin@exemple.fr', 'Client-Metz-2026'),
    });
    assert.equal(client.status, 403);
    assert.equal(client.body.message, 'Accès réservé aux administrateurs.');
    const admin = await server.request('GET', '/api/admin/module-distant', {
      token: await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026'),
    });
    assert.equal(admin.status, 200);
    assert.deepEqual(admin.body, { manifeste: '/mfe/admin/releases/abcdefabcdef/mf-manifest.json' });
    assert.equal(admin.headers.get('cache-control'), 'no-store');
  });

  it('sends the copy the build compressed when the browser accepts it, with the headers of the file itself', async () => {
    for (const route of ['/page.0123456789.js', `${CATALOG}/Chunk.0123456789.js`]) {
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
    const image = list.body.appartements[0].images[0] as string;
    const res = await fetch(`${server.url}${image}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.ok((await res.arrayBuffer()).byteLength > 1000);
  });

  it('documents the API with OpenAPI under /api/docs', async () => {
    const spec = await server.request('GET', '/api/docs/json');
    assert.equal(spec.status, 200);
    assert.equal(spec.body.openapi.slice(0, 2), '3.');
    for (const route of [
      '/api/appartements',
      '/api/admin/appartements',
      '/api/auth/login',
      '/api/auth/me',
      '/api/auth/logout',
      '/api/auth/google',
      '/api/users/register',
      '/api/admin/module-distant',
    ]) {
      assert.ok(spec.body.paths[route], route);
    }
    const ui = await server.request('GET', '/api/docs/');
    assert.equal(ui.status, 200);
    assert.match(ui.text, /swagger/i);
  });
});
