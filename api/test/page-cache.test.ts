import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { HOME_PAGE_SIZE } from 'shared-kernel/rules';
import { PageCache } from '../src/web/page-cache.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

/** A catalogue whose version and age the test moves by hand. */
function fakeCatalogue() {
  return { version: 0, maxAgeMs: 1_000 };
}

describe('PageCache', () => {
  it('builds a page once, then serves it compressed until the catalogue changes or the page is too old', async () => {
    const catalogue = fakeCatalogue();
    let now = 0;
    let builds = 0;
    const cache = new PageCache(catalogue, () => now);
    const build = async () => ({ status: 200, html: `<p>page ${++builds}</p>` });

    const first = await cache.get('/', build);
    assert.equal(first.status, 200);
    assert.equal(first.body.raw.toString(), '<p>page 1</p>');
    assert.ok(first.body.br.length > 0 && first.body.gzip.length > 0);
    assert.equal((await cache.get('/', build)).body.raw.toString(), '<p>page 1</p>');
    assert.equal(builds, 1);

    catalogue.version += 1;
    assert.equal((await cache.get('/', build)).body.raw.toString(), '<p>page 2</p>', 'the catalogue changed');
    now += 999;
    assert.equal((await cache.get('/', build)).body.raw.toString(), '<p>page 2</p>');
    now += 1;
    assert.equal((await cache.get('/', build)).body.raw.toString(), '<p>page 3</p>', 'older than the catalogue allows');
  });

  it('compresses a page only in the encodings asked for, with the brotli quality its caller chose', async () => {
    const cache = new PageCache(fakeCatalogue(), () => 0);
    const html = `<main>${'<article>Studio à Metz</article>'.repeat(200)}</main>`;
    const searched = await cache.get('/?arrivee=2027-03-01', async () => ({ status: 200, html }), { brotliQuality: 1 });
    assert.deepEqual(searched.body.encodings, [], 'nothing compressed before a client asks');
    assert.equal(brotliDecompressSync(searched.body.br).toString(), html);
    assert.deepEqual(searched.body.encodings, ['br']);
    const home = await cache.get('/', async () => ({ status: 200, html }));
    assert.ok(searched.body.br.length > home.body.br.length, 'quality 1 for the search page, 9 by default');
  });

  it('builds a page once however many requests ask for it at the same time', async () => {
    let builds = 0;
    const cache = new PageCache(fakeCatalogue(), () => 0);
    const pages = await Promise.all(
      Array.from({ length: 5 }, () => cache.get('/faq', async () => ({ status: 200, html: `faq ${++builds}` }))),
    );
    assert.equal(builds, 1);
    assert.deepEqual(new Set(pages.map((p) => p.body.etag)).size, 1);
  });

  it('does not keep a failed build, and keeps at most its number of entries (the oldest goes)', async () => {
    const cache = new PageCache(fakeCatalogue(), () => 0, 2);
    await assert.rejects(cache.get('/', async () => Promise.reject(new Error('base indisponible'))));
    assert.equal(cache.size, 0);
    assert.equal((await cache.get('/', async () => ({ status: 200, html: 'reprise' }))).body.raw.toString(), 'reprise');

    await cache.get('/a', async () => ({ status: 200, html: 'a' }));
    await cache.get('/b', async () => ({ status: 404, html: 'b' }));
    assert.equal(cache.size, 2);
    let rebuilt = false;
    await cache.get('/', async () => {
      rebuilt = true;
      return { status: 200, html: 'de nouveau' };
    });
    assert.ok(rebuilt, 'the oldest entry was dropped');
  });
});

describe('HTML of the pages: compressed, revalidated, and current after a write', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'sm-page-cache-'));
    const shell = path.join(root, 'shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(
      path.join(shell, 'index.html'),
      '<!doctype html><html lang="fr"><head><meta charset=utf-8><title>Séjours Messins</title></head><body><div id="root"></div></body></html>',
    );
    server = await startServer({ staticRoot: root }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const dataOf = (html: string) =>
    JSON.parse(/<script type="application\/json" id="sm-donnees-initiales">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null') as Record<
      string,
      unknown
    > | null;

  it('sends the HTML in brotli or gzip as the browser accepts, with an ETag that a revalidation answers with 304', async () => {
    const br = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(br.status, 200);
    assert.equal(br.headers.get('content-encoding'), 'br');
    assert.equal(br.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(br.headers.get('cache-control'), 'no-cache');
    assert.match(br.headers.get('vary') ?? '', /Accept-Encoding/);
    const html = await br.text();
    assert.match(html, /<html lang="fr">/);
    const etag = br.headers.get('etag');
    assert.ok(etag);

    const gzip = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.equal(await gzip.text(), html, 'the same page in either encoding');

    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');

    const missing = await fetch(`${server.url}/appartement/nexiste-pas`, { headers: { 'if-none-match': etag } });
    assert.equal(missing.status, 404, 'a 404 is never turned into a 304');
  });

  it("shows an admin's edit at once on the home page and on the apartment's page", async () => {
    const [target] = (await allApartments(server)) as Array<{ id: number; slug: string; titre: string }>;
    assert.ok(target);
    const pagePath = `/appartement/${target.slug}`;
    assert.match((await server.request('GET', pagePath)).text, new RegExp(`<title>${target.titre}`));
    // The home page's first page of its search (issue 32), under the key its page reads.
    const firstPage = (text: string) =>
      (dataOf(text)![`/appartements?page=1&parPage=${HOME_PAGE_SIZE}`] as { appartements: Array<{ id: number; titre: string }> })
        .appartements;
    const homeBefore = firstPage((await server.request('GET', '/')).text);
    assert.equal(homeBefore.find((a) => a.id === target.id)?.titre, target.titre);

    const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const current = (await server.request('GET', `/api/appartements/slug/${target.slug}`)).body as Record<string, unknown>;
    const titre = 'Studio rénové quai Félix Maréchal';
    const edited = await server.request('PUT', `/api/appartements/${target.id}`, {
      token: admin,
      body: { ...current, titre, id: undefined, note: undefined, nombreAvis: undefined, createdAt: undefined, updatedAt: undefined },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));

    const home = firstPage((await server.request('GET', '/')).text);
    assert.equal(home.find((a) => a.id === target.id)?.titre, titre);
    assert.match((await server.request('GET', pagePath)).text, new RegExp(`<title>${titre}`));
  });

  it('keeps the pages of visitors and of signed-in people apart: a session never gets the data block', async () => {
    // The owners' page reads no data (the FAQ, About and the legal pages now carry the server's answers).
    assert.ok(dataOf((await server.request('GET', '/loyer-garanti')).text) === null, 'the owners’ page has no data');
    assert.ok(dataOf((await server.request('GET', '/')).text));
    const signedIn = await server.request('GET', '/', { headers: { cookie: 'sm_token=quelque-chose' } });
    assert.equal(dataOf(signedIn.text), null);
    assert.ok(dataOf((await server.request('GET', '/')).text), 'and the visitor still gets it');
  });
});
