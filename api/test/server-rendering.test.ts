/**
 * Server rendering of the public pages (issue 17), with the real builds of the shell and the
 * catalogue (made by `npm run build`, which `npm test` runs first), copied to a folder of their own
 * so a test can redeploy or break the catalogue's server build while the server runs.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { trustedForServerCode } from '../src/web/ssr/remote-over-http.js';
import { startServer, type TestServer } from './helpers.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOT_CONTENT = /<div id="root">([\s\S]*)<\/div><\/body>/;

/** What `#root` holds in the page's HTML ('' when the page is left to the browser). */
function rootOf(html: string): string {
  return ROOT_CONTENT.exec(html)?.[1] ?? '';
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const price = (euros: number) => new RegExp(`${euros}\\s€(</strong>)? / nuit`);

function copyBuilds(): string {
  for (const dir of ['shell/dist/server/server-manifest.json', 'mfe-catalog/dist/server/server-manifest.json']) {
    assert.ok(existsSync(path.join(repo, dir)), `${dir} manque : lancez « npm run build » avant ces tests.`);
  }
  const root = mkdtempSync(path.join(tmpdir(), 'sm-ssr-'));
  for (const pkg of ['shell', 'mfe-catalog']) cpSync(path.join(repo, pkg, 'dist'), path.join(root, pkg, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  return root;
}

describe('server rendering of the public pages', () => {
  let server: TestServer;
  let root: string;
  const warnings: string[] = [];

  before(async () => {
    root = copyBuilds();
    server = await startServer({ staticRoot: root, logLevel: 'warn' }, { serveSite: true, logStream: { write: (line) => void warnings.push(line) } });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("puts every listing card in the home page's HTML: title, price and first photo", async () => {
    const res = await server.request('GET', '/');
    assert.equal(res.status, 200);
    const html = rootOf(res.text);
    assert.match(html, /<header class="sh-header"/, 'the shell layout');
    assert.match(html, /14 logement\(s\) disponible\(s\)/);
    const list = (await server.request('GET', '/api/appartements')).body as Array<{ titre: string; prixParNuit: number; images: string[]; slug: string }>;
    assert.equal(list.length, demoApartments.length);
    for (const apartment of list) {
      const card = new RegExp(`<a class="cat-card" href="/appartement/${apartment.slug}"[\\s\\S]*?</a>`).exec(html)?.[0];
      assert.ok(card, `card of ${apartment.slug}`);
      assert.ok(card.includes(`<h3 class="cat-card__title">${escapeText(apartment.titre)}</h3>`), apartment.titre);
      assert.match(card, price(apartment.prixParNuit), apartment.titre);
      assert.ok(card.includes(`src="${apartment.images[0]}"`), `${apartment.titre}: first photo`);
    }
    // Styled at first paint, told which modules to hydrate, and one inline script: the capture of early
    // clicks, first in <head> and allowed by its hash in the CSP (no other inline script would run).
    assert.match(res.text, /<style id="sm-design-tokens">/);
    // data-href: the name the remote's CSS chunk loader looks for, so that it does not link the sheet again.
    assert.match(res.text, /<link rel="stylesheet" href="\/mfe\/catalog\/(__federation_expose_HomePage\.[0-9a-f]{10}\.css)" data-href="\1">/);
    // Only the page's module is named: the browser loads the code of what it names before hydrating.
    assert.match(res.text, /<script type="application\/json" id="sm-rendu-serveur">\["catalog\/HomePage"\]<\/script>/);
    const inlineScripts = [...res.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    assert.equal(inlineScripts.length, 1);
    const hash = `'sha256-${createHash('sha256').update(inlineScripts[0]!).digest('base64')}'`;
    assert.ok((res.headers.get('content-security-policy') ?? '').includes(`script-src 'self' ${hash}`), 'the CSP allows that script by its hash');
    assert.ok(res.text.indexOf('<script>') < res.text.indexOf('<link rel="stylesheet"'), 'the capture comes before the rest of <head>');
  });

  it("puts the apartment page's title, description, price and first photo in its HTML", async () => {
    const demo = demoApartments[2]!;
    const res = await server.request('GET', `/appartement/${demo.slug}`);
    assert.equal(res.status, 200);
    const html = rootOf(res.text);
    assert.match(html, new RegExp(`<h1[^>]*>${escapeText(demo.titre)}</h1>`));
    const firstParagraph = demo.description.split('\n')[0]!.trim();
    assert.ok(html.includes(escapeText(firstParagraph)), 'the description');
    assert.match(html, price(demo.prixParNuit));
    assert.ok(html.includes(`src="${demo.images[0]}"`), 'the first photo of the gallery');
  });

  it('puts the reviews in the HTML of the apartment page and of its reviews page, and their data in the page', async () => {
    const list = (await server.request('GET', '/api/appartements')).body as Array<{ id: number; slug: string; nombreAvis: number }>;
    const reviewed = list.find((a) => a.nombreAvis > 0)!;
    const answer = (await server.request('GET', `/api/appartements/${reviewed.id}/avis`)).body as { avis: Array<{ auteur: string; commentaire: string }>; nombreAvis: number };
    assert.ok(answer.avis.length > 0);
    for (const page of [`/appartement/${reviewed.slug}`, `/appartement/${reviewed.slug}/avis`]) {
      const res = await server.request('GET', page);
      const html = rootOf(res.text);
      assert.ok(html.includes(escapeText(answer.avis[0]!.commentaire)), `${page}: the latest review`);
      assert.ok(html.includes(`>${escapeText(answer.avis[0]!.auteur)}</h3>`), `${page}: its author`);
      assert.ok(!html.includes('Chargement des avis'), `${page}: no spinner instead of the reviews`);
      const data = JSON.parse(/<script type="application\/json" id="sm-donnees-initiales">([\s\S]*?)<\/script>/.exec(res.text)![1]!) as Record<string, unknown>;
      assert.deepEqual(data[`/appartements/${reviewed.id}/avis`], answer, `${page}: the same answer as the API`);
    }
  });

  it('renders the content pages, and escapes what an admin typed', async () => {
    const faq = await server.request('GET', '/faq');
    assert.match(rootOf(faq.text), /<h1[^>]*>Foire aux questions<\/h1>/);
    const legal = await server.request('GET', '/mentions-legales');
    assert.match(rootOf(legal.text), /<h1[^>]*>Mentions légales<\/h1>/);

    // Written directly (a page is cached until the catalogue changes through the API): a slug never asked for.
    const titre = 'Studio </script><script>alert(1)</script> & co';
    const slug = 'rendu-serveur-echappe';
    await server.database.db.insert(appartements).values({ slug, titre, description: 'Calme <b>et</b> lumineux', localisation: demoApartments[1]!.localisation, prixParNuit: 80, capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } });
    const res = await server.request('GET', `/appartement/${slug}`);
    assert.ok(rootOf(res.text).includes(escapeText(titre)), 'the new title, escaped');
    assert.ok(rootOf(res.text).includes('Calme &lt;b&gt;et&lt;/b&gt; lumineux'), 'the description, escaped');
    assert.ok(!res.text.includes('<script>alert(1)'), 'nothing the title holds becomes markup');
  });

  it('leaves the page to the browser for a visitor with a session, and for a private page', async () => {
    const res = await server.request('GET', '/', { headers: { cookie: 'sm_token=jeton' } });
    assert.equal(res.status, 200);
    assert.equal(rootOf(res.text), '');
    assert.doesNotMatch(res.text, /sm-rendu-serveur/);
    for (const route of ['/profile', '/login', '/admin/reservations', '/page/inexistante']) {
      assert.equal(rootOf((await server.request('GET', route)).text), '', route);
    }
  });

  it("follows a redeployed catalogue at once, and falls back to the browser when its server build is missing or throws", async () => {
    const serverDir = path.join(root, 'mfe-catalog', 'dist', 'server');
    const manifestFile = path.join(serverDir, 'server-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { file: string };
    const original = readFileSync(path.join(serverDir, manifest.file), 'utf8');
    assert.match(rootOf((await server.request('GET', '/faq')).text), /Foire aux questions/);

    // A new build of the catalogue, with another title, deployed while the server runs.
    const redeployed = original.split('Foire aux questions').join('Questions fréquentes');
    assert.notEqual(redeployed, original);
    writeFileSync(path.join(serverDir, 'server.0000000001.js'), redeployed);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, file: 'server.0000000001.js' }));
    const after = await server.request('GET', '/faq');
    assert.equal(after.status, 200);
    assert.match(rootOf(after.text), /<h1[^>]*>Questions fréquentes<\/h1>/);

    // A build that throws when loaded: the page is the shell, rendered by the browser, never a 500.
    writeFileSync(path.join(serverDir, 'server.0000000002.js'), 'throw new Error("build cassé");');
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, file: 'server.0000000002.js' }));
    const broken = await server.request('GET', '/');
    assert.equal(broken.status, 200);
    assert.equal(rootOf(broken.text), '');
    assert.match(broken.text, /sm-donnees-initiales/, 'the data is still in the page');
    assert.ok(warnings.some((line) => line.includes('build cassé')), 'the failure is logged');

    // A page module that throws while rendering: also the browser's rendering.
    const throwing = original.replace(/(function FaqPage\([^)]*\)\s*\{)/, '$1 throw new Error("rendu cassé");');
    assert.notEqual(throwing, original, 'the FAQ page component is found in the build');
    writeFileSync(path.join(serverDir, 'server.0000000003.js'), throwing);
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, file: 'server.0000000003.js' }));
    const failing = await server.request('GET', '/faq');
    assert.equal(failing.status, 200);
    assert.equal(rootOf(failing.text), '');

    // Missing altogether.
    rmSync(serverDir, { recursive: true, force: true });
    const missing = await server.request('GET', '/faq');
    assert.equal(missing.status, 200);
    assert.equal(rootOf(missing.text), '');
    assert.match(missing.text, /<title>/);
  });
});

/** Serves `dir` at `/catalog/` on a port of its own: a catalogue deployed on another origin. */
async function remoteOrigin(dir: string): Promise<{ origin: string; requests: string[]; down: (value: boolean) => void; close: () => Promise<void> }> {
  const requests: string[] = [];
  let isDown = false;
  const server = createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '').replace(/^\/catalog\//, '').split('?')[0]!));
    requests.push(req.url ?? '');
    if (isDown || !file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(isDown ? 503 : 404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, requests, down: (value) => void (isDown = value), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('server rendering of a catalogue deployed on another origin', () => {
  let server: TestServer;
  let root: string;
  let remote: Awaited<ReturnType<typeof remoteOrigin>>;
  const CHECK_MS = 150;

  before(async () => {
    root = copyBuilds();
    // The catalogue is not served by the API: only its own origin has it.
    const remoteDir = path.join(root, 'ailleurs');
    cpSync(path.join(root, 'mfe-catalog', 'dist'), remoteDir, { recursive: true });
    rmSync(path.join(root, 'mfe-catalog'), { recursive: true, force: true });
    remote = await remoteOrigin(remoteDir);
    server = await startServer(
      { staticRoot: root, logLevel: 'warn', remoteCheckMs: CHECK_MS, remoteUrls: { catalog: `${remote.origin}/catalog/mf-manifest.json` } },
      { serveSite: true },
    );
  });
  after(async () => {
    await server.close();
    await remote.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders its pages from its server build fetched over HTTP, styled by its own stylesheets', async () => {
    const res = await server.request('GET', '/');
    assert.equal(res.status, 200);
    assert.match(rootOf(res.text), /14 logement\(s\) disponible\(s\)/);
    assert.match(res.text, /<script type="application\/json" id="sm-rendu-serveur">\["catalog\/HomePage"\]<\/script>/);
    const sheet = new RegExp(`<link rel="stylesheet" href="${remote.origin}/catalog/(__federation_expose_HomePage\\.[0-9a-f]{10}\\.css)" data-href="\\1">`);
    assert.match(res.text, sheet);
    assert.ok(remote.requests.some((url) => /^\/catalog\/server\/server\.[0-9a-f]{10}\.js$/.test(url)), 'the server build came from the remote');
    // Its origin is allowed for styles and scripts by the CSP.
    assert.match(res.headers.get('content-security-policy') ?? '', new RegExp(`style-src [^;]*${remote.origin}`));
  });

  it('follows a redeploy of the remote within the check interval, and falls back to the browser when it is down', async () => {
    const serverDir = path.join(root, 'ailleurs', 'server');
    const manifestFile = path.join(serverDir, 'server-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { file: string };
    const original = readFileSync(path.join(serverDir, manifest.file), 'utf8');
    assert.match(rootOf((await server.request('GET', '/faq')).text), /Foire aux questions/);

    writeFileSync(path.join(serverDir, 'server.00000000a1.js'), original.split('Foire aux questions').join('Questions fréquentes'));
    writeFileSync(manifestFile, JSON.stringify({ ...manifest, file: 'server.00000000a1.js' }));
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS + 50));
    assert.match(rootOf((await server.request('GET', '/faq')).text), /<h1[^>]*>Questions fréquentes<\/h1>/);

    // The remote's origin stops answering: the page is the shell, rendered by the browser, never a 500.
    remote.down(true);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS + 50));
    const down = await server.request('GET', '/about');
    assert.equal(down.status, 200);
    assert.equal(rootOf(down.text), '');
    remote.down(false);
  });

  it('fetches server code only over https or from this machine', () => {
    assert.equal(trustedForServerCode(new URL('https://cdn.exemple.fr/catalog/mf-manifest.json')), true);
    assert.equal(trustedForServerCode(new URL('http://127.0.0.1:8080/catalog/mf-manifest.json')), true);
    assert.equal(trustedForServerCode(new URL('http://localhost:8080/catalog/mf-manifest.json')), true);
    assert.equal(trustedForServerCode(new URL('http://cdn.exemple.fr/catalog/mf-manifest.json')), false);
    assert.equal(trustedForServerCode(new URL('ftp://cdn.exemple.fr/catalog/mf-manifest.json')), false);
  });
});
