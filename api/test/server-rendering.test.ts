/**
 * Server rendering of the public pages (issue 17), with the real builds of the shell and the
 * catalogue (made by `npm run build`, which `npm test` runs first), copied to a folder of their own
 * so a test can publish new releases of the catalogue (as its build does, tooling/release.cjs) or
 * break them while the server runs (issue 29).
 */
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';
import { headOf } from './support/page-head.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROOT_CONTENT = /<div id="root">([\s\S]*)<\/div><\/body>/;

/** What `#root` holds in the page's HTML ('' when the page is left to the browser). */
function rootOf(html: string): string {
  return ROOT_CONTENT.exec(html)?.[1] ?? '';
}

/** The runtime configuration written into a page. */
function configOf(html: string): { remotes: Record<string, string> } {
  return JSON.parse(/<script type="application\/json" id="sm-runtime-config">([^<]*)<\/script>/.exec(html)![1]!) as {
    remotes: Record<string, string>;
  };
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
const price = (euros: number) => new RegExp(`${euros}\\s€(</strong>)? / nuit`);

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;

/** The catalogue's publisher as these tests sign (its build signs with its own key: tooling/signing.cjs). */
const publisher = generateKeyPairSync('ed25519').privateKey;
const publicKeyText = (key: KeyObject) => Buffer.from(createPublicKey(key).export({ format: 'jwk' }).x!, 'base64url').toString('base64');
/** What the API under test trusts (REMOTE_SIGNING_KEYS). */
const trustedKeys = [publicKeyText(publisher)];

/** Signs a release's server build as its build does: Ed25519 over the file's SHA-256; null removes the signature. */
function signRelease(release: string, key: KeyObject | null = publisher): void {
  const manifestFile = path.join(release, 'server', 'server-manifest.json');
  const manifest = readJson(manifestFile);
  const digest = createHash('sha256')
    .update(readFileSync(path.join(release, 'server', manifest.file as string)))
    .digest();
  if (key) manifest.signature = { alg: 'Ed25519', key: publicKeyText(key), value: sign(null, digest, key).toString('base64') };
  else delete manifest.signature;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  rmSync(`${manifestFile}.br`, { force: true });
  rmSync(`${manifestFile}.gz`, { force: true });
}

function copyBuilds(): string {
  for (const file of ['shell/dist/server/server-manifest.json', 'mfe-catalog/dist/current.json']) {
    assert.ok(existsSync(path.join(repo, file)), `${file} manque : lancez « npm run build » avant ces tests.`);
  }
  const root = mkdtempSync(path.join(tmpdir(), 'sm-ssr-'));
  cpSync(path.join(repo, 'shell', 'dist'), path.join(root, 'shell', 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  // The catalogue's live release only, as a fresh deploy has it.
  const live = readJson(path.join(repo, 'mfe-catalog', 'dist', 'current.json')).release as string;
  cpSync(path.join(repo, 'mfe-catalog', 'dist', 'releases', live), path.join(root, 'mfe-catalog', 'dist', 'releases', live), {
    recursive: true,
    filter: (src) => !src.endsWith('.map'),
  });
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'current.json'), JSON.stringify({ release: live }));
  signRelease(path.join(root, 'mfe-catalog', 'dist', 'releases', live));
  return root;
}

/** The release a remote's `dist` (or its folder on another origin) points at. */
const liveRelease = (dist: string) => readJson(path.join(dist, 'current.json')).release as string;

interface Derived {
  /** Edits the server build's code; null leaves the release without one. */
  server?: ((code: string) => string) | null;
  /** The kernel contract recorded by a build against another kernel. */
  kernel?: { version: string; range: string; uses: string[] };
  /** A server file that does not match its manifest's digest. */
  tampered?: boolean;
  /** Who signs its server build (the catalogue's publisher unless told; null: nobody). */
  signer?: KeyObject | null;
}

/**
 * Publishes, in `dist`, a release `id` made from the live one as a rebuild would make it, then
 * switches the pointer to it (one rename).
 */
function publishDerived(dist: string, id: string, change: Derived = {}): void {
  const from = path.join(dist, 'releases', liveRelease(dist));
  const to = path.join(dist, 'releases', id);
  cpSync(from, to, { recursive: true });
  const serverManifestFile = path.join(to, 'server', 'server-manifest.json');
  const serverManifest = readJson(serverManifestFile);
  const browserManifest = readJson(path.join(to, 'mf-manifest.json'));
  if (change.server === null) rmSync(path.join(to, 'server'), { recursive: true, force: true });
  else if (change.server) {
    const code = change.server(readFileSync(path.join(to, 'server', serverManifest.file as string), 'utf8'));
    const file = `server.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
    writeFileSync(path.join(to, 'server', file), change.tampered ? `${code}\n// modifié après coup` : code);
    Object.assign(serverManifest, { file, sha256: createHash('sha256').update(code).digest('hex') });
  }
  if (change.kernel) {
    serverManifest.kernel = change.kernel;
    browserManifest.release = { id, kernel: change.kernel };
  } else browserManifest.release = { ...browserManifest.release, id };
  if (change.server !== null) {
    writeFileSync(serverManifestFile, JSON.stringify(serverManifest));
    if (!change.tampered) signRelease(to, change.signer === undefined ? publisher : change.signer);
  }
  writeFileSync(path.join(to, 'mf-manifest.json'), JSON.stringify(browserManifest));
  rmSync(path.join(to, 'mf-manifest.json.br'), { force: true });
  rmSync(path.join(to, 'mf-manifest.json.gz'), { force: true });
  writeFileSync(path.join(dist, 'current.json.tmp'), JSON.stringify({ release: id }));
  renameSync(path.join(dist, 'current.json.tmp'), path.join(dist, 'current.json'));
}

describe('server rendering of the public pages', () => {
  let server: TestServer;
  let root: string;
  const warnings: string[] = [];

  before(async () => {
    root = copyBuilds();
    server = await startServer(
      { staticRoot: root, logLevel: 'warn', remoteSigningKeys: trustedKeys },
      { serveSite: true, logStream: { write: (line) => void warnings.push(line) } },
    );
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
    const list = (await allApartments(server)) as Array<{
      titre: string;
      prixParNuit: number;
      images: string[];
      slug: string;
    }>;
    assert.equal(list.length, demoApartments.length);
    for (const apartment of list) {
      const card = new RegExp(`<a id="cat-card-\\d+" class="cat-card" href="/appartement/${apartment.slug}"[\\s\\S]*?</a>`).exec(html)?.[0];
      assert.ok(card, `card of ${apartment.slug}`);
      assert.ok(card.includes(`<h3 class="cat-card__title">${escapeText(apartment.titre)}</h3>`), apartment.titre);
      assert.match(card, price(apartment.prixParNuit), apartment.titre);
      assert.ok(card.includes(`src="${apartment.images[0]}"`), `${apartment.titre}: first photo`);
    }
    // Styled at first paint, told which modules to hydrate, and two inline scripts allowed by their
    // hash in the CSP (no other inline script would run): the capture of early clicks, first in
    // <head>, then the start of the page's code after its first paint.
    assert.match(res.text, /<style id="sm-design-tokens">/);
    // data-href: the name the remote's CSS chunk loader looks for, so that it does not link the sheet again.
    const release = liveRelease(path.join(root, 'mfe-catalog', 'dist'));
    assert.match(
      res.text,
      new RegExp(
        `<link rel="stylesheet" href="/mfe/catalog/releases/${release}/(__federation_expose_HomePage\\.[0-9a-f]{10}\\.css)" data-href="\\1">`,
      ),
    );
    // The page names the release it was rendered with: the browser loads that release's code.
    assert.equal(configOf(res.text).remotes.catalog, `/mfe/catalog/releases/${release}/mf-manifest.json`);
    // Only the page's module is named: the browser loads the code of what it names before hydrating.
    assert.match(res.text, /<script type="application\/json" id="sm-rendu-serveur">\["catalog\/HomePage"\]<\/script>/);
    const inlineScripts = [
      ...res.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/g),
    ].map((m) => m[1]!);
    assert.equal(inlineScripts.length, 2);
    const [capture, start] = inlineScripts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    assert.ok(
      (res.headers.get('content-security-policy') ?? '').includes(`script-src 'self' ${capture} ${start}`),
      'the CSP allows those scripts by their hash',
    );
    assert.ok(res.text.indexOf('<script>') < res.text.indexOf('<link rel="stylesheet"'), 'the capture comes before the rest of <head>');
  });

  it("starts a rendered page's code after its first paint: no script or script preload in its HTML, what to fetch named for the start script", async () => {
    const res = await server.request('GET', '/');
    const shellHtml = readFileSync(path.join(root, 'shell', 'dist', 'index.html'), 'utf8');
    const main = /<script\s+defer\s+src="?(\/main\.js[^"\s>]*)"?>/.exec(shellHtml)?.[1];
    assert.ok(main, "the shell's built HTML names its entry");
    assert.doesNotMatch(res.text, /<script[^>]*\bsrc=/, 'no script fetched with the HTML');
    assert.doesNotMatch(res.text, /<link rel="preload"[^>]*as="(script|fetch)"/, 'no script or manifest preloaded with the HTML');
    const release = liveRelease(path.join(root, 'mfe-catalog', 'dist'));
    const startBlock = /<script type="application\/json" id="sm-start">([^<]*)<\/script>/.exec(res.text)?.[1];
    assert.ok(startBlock);
    const shellChunks = (
      JSON.parse(readFileSync(path.join(root, 'shell', 'dist', 'initial-assets.json'), 'utf8')) as { files: string[] }
    ).files
      .filter((file) => file.endsWith('.js'))
      .map((file) => ({ href: `/${file}`, as: 'script' }));
    assert.deepEqual(JSON.parse(startBlock), {
      main,
      preload: [...shellChunks, { href: `/mfe/catalog/releases/${release}/mf-manifest.json`, as: 'fetch', cors: true }],
    });
    // A page drawn in the browser (a signed-in visitor's) keeps its entry in <head>, fetched at once.
    const signedIn = await server.request('GET', '/', { headers: { cookie: 'sm_token=quelque-chose' } });
    assert.ok(signedIn.text.includes(shellHtml.match(/<script\s+defer\s+src="?\/main\.js[^>]*><\/script>/)![0]));
    assert.doesNotMatch(signedIn.text, /id="sm-start"/);
  });

  it("puts a town's page in its HTML with only that town's apartments, its title and canonical URL; the home page links to it", async () => {
    const metz = demoApartments.filter((a) => a.ville === 'Metz').map((a) => a.slug);
    assert.ok(metz.length > 1 && metz.length < demoApartments.length);
    const slugsOf = (html: string) =>
      [...html.matchAll(/<a id="cat-card-\d+" class="cat-card" href="\/appartement\/([^"?]+)/g)].map((m) => m[1]!);

    const res = await server.request('GET', '/location/metz');
    assert.equal(res.status, 200);
    const html = rootOf(res.text);
    assert.match(html, /<h1[^>]*>Location meublée à Metz<\/h1>/);
    assert.deepEqual(slugsOf(html).sort(), [...metz].sort());
    assert.match(html, new RegExp(`${metz.length} logement\\(s\\) disponible\\(s\\)`));
    const head = headOf(res.text);
    assert.equal(head.title, 'Location meublée à Metz | Séjours Messins');
    assert.equal(head.canonical, `${server.config.siteOrigin}/location/metz`);
    assert.match(head.description ?? '', /^Location meublée à Metz pour vos courts séjours/);
    assert.match(res.text, /<script type="application\/json" id="sm-rendu-serveur">\["catalog\/TownPage"\]<\/script>/);
    assert.ok(html.includes('href="/location/woippy"'), 'the other towns');

    // The stay in the address: the cards carry it, still only Metz.
    const arrivee = addDaysIso(todayIn('Europe/Paris'), 50);
    const depart = addDaysIso(arrivee, 2);
    const dated = rootOf((await server.request('GET', `/location/metz?arrivee=${arrivee}&depart=${depart}&ville=woippy`)).text);
    const datedSlugs = slugsOf(dated);
    assert.ok(datedSlugs.length > 0 && datedSlugs.every((slug) => metz.includes(slug)), 'its path names the town, not the query');
    assert.ok(dated.includes(`?arrivee=${arrivee}&amp;depart=${depart}`), 'the cards carry the stay');
    assert.match(dated, / pour 2 nuits/);

    const home = rootOf((await server.request('GET', '/')).text);
    assert.match(home, /<h2[^>]*>Nos villes<\/h2>/);
    assert.ok(home.includes('href="/location/metz"'));
    assert.ok(home.includes('href="/location/montigny-les-metz"'));
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
    const list = (await allApartments(server)) as Array<{ id: number; slug: string; nombreAvis: number }>;
    const reviewed = list.find((a) => a.nombreAvis > 0)!;
    const answer = (await server.request('GET', `/api/appartements/${reviewed.id}/avis`)).body as {
      avis: Array<{ auteur: string; commentaire: string }>;
      nombreAvis: number;
    };
    assert.ok(answer.avis.length > 0);
    for (const page of [`/appartement/${reviewed.slug}`, `/appartement/${reviewed.slug}/avis`]) {
      const res = await server.request('GET', page);
      const html = rootOf(res.text);
      assert.ok(html.includes(escapeText(answer.avis[0]!.commentaire)), `${page}: the latest review`);
      assert.ok(html.includes(`>${escapeText(answer.avis[0]!.auteur)}</h3>`), `${page}: its author`);
      assert.ok(!html.includes('Chargement des avis'), `${page}: no spinner instead of the reviews`);
      const data = JSON.parse(
        /<script type="application\/json" id="sm-donnees-initiales">([\s\S]*?)<\/script>/.exec(res.text)![1]!,
      ) as Record<string, unknown>;
      assert.deepEqual(data[`/appartements/${reviewed.id}/avis`], answer, `${page}: the same answer as the API`);
    }
  });

  it('writes into each public page the head its page declared: its own title, description, canonical URL and Open Graph tags', async () => {
    const origin = 'http://localhost:5000';
    const list = (await allApartments(server)) as Array<{
      slug: string;
      titre: string;
      localisation: string;
      images: string[];
      nombreAvis: number;
    }>;
    const a = list.find((x) => x.nombreAvis > 0)!;
    const site = ' | Séjours Messins';
    const expected: Record<string, string> = {
      '/': `Locations meublées de courte durée à Metz${site}`,
      '/about': `À propos${site}`,
      '/faq': `Foire aux questions${site}`,
      '/loyer-garanti': `Propriétaires : loyer garanti à Metz${site}`,
      '/proprietaires': `Propriétaires : confiez-nous votre appartement à Metz${site}`,
      '/mentions-legales': `Mentions légales${site}`,
      '/cgv': `Conditions générales de vente${site}`,
      '/confidentialite': `Politique de confidentialité${site}`,
      [`/appartement/${a.slug}`]: `${a.titre} – ${a.localisation}${site}`,
      [`/appartement/${a.slug}/avis`]: `Avis sur ${a.titre}${site}`,
    };
    const descriptions = new Map<string, string>();
    for (const [page, title] of Object.entries(expected)) {
      const res = await server.request('GET', page);
      assert.equal(res.status, 200, page);
      assert.notEqual(rootOf(res.text), '', `${page} is rendered on the server`);
      const head = headOf(res.text);
      assert.equal(head.title, title, page);
      assert.ok(head.description && head.description.length > 40, `${page}: a description of its own`);
      assert.equal(head.canonical, `${origin}${page === '/proprietaires' ? '/loyer-garanti' : page}`, page);
      assert.equal(head.og['og:title'], title, page);
      assert.equal(head.og['og:description'], head.description, page);
      assert.equal(head.og['og:url'], head.canonical, page);
      assert.equal(head.og['og:locale'], 'fr_FR', page);
      assert.ok(head.og['og:type'], page);
      assert.equal(head.robots, null, `${page} may be indexed`);
      if (page.startsWith('/appartement/')) assert.equal(head.og['og:image'], `${origin}${a.images[0]}`, page);
      if (page === '/faq') assert.equal(head.og['og:image'], undefined, 'no photo: no og:image');
      descriptions.set(head.description!, page);
    }
    // The owners' page is one page at two addresses: one description for both.
    assert.equal(descriptions.size, Object.keys(expected).length - 1, 'every other page describes itself');
  });

  it("puts the host's reply to a review in the HTML of both review pages (issue 30 item 6)", async () => {
    const list = (await allApartments(server)) as Array<{ id: number; slug: string; nombreAvis: number }>;
    const reviewed = list.find((a) => a.nombreAvis > 0)!;
    const [latest] = (await server.request('GET', `/api/appartements/${reviewed.id}/avis`)).body.avis as Array<{ id: number }>;
    const admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    const reply = 'Merci pour ce retour & à très bientôt <à Metz> !';
    const put = await server.request('PUT', `/api/admin/avis/${latest!.id}/reponse`, { token: admin, body: { reponse: reply } });
    assert.equal(put.status, 200);
    for (const page of [`/appartement/${reviewed.slug}`, `/appartement/${reviewed.slug}/avis`]) {
      const html = rootOf((await server.request('GET', page)).text);
      assert.ok(html.includes('Réponse de l’hôte'), `${page}: the reply's heading`);
      assert.ok(html.includes(escapeText(reply)), `${page}: the reply, escaped`);
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
    await server.database.db.insert(appartements).values({
      slug,
      titre,
      description: 'Calme <b>et</b> lumineux',
      localisation: demoApartments[1]!.localisation,
      prixParNuit: 80,
      capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
    });
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

  it('renders with the release the pointer names from the moment it is switched, and names that same release to the browser', async () => {
    const dist = path.join(root, 'mfe-catalog', 'dist');
    const first = liveRelease(dist);
    const before = await server.request('GET', '/faq');
    assert.match(rootOf(before.text), /Foire aux questions/);
    assert.equal(configOf(before.text).remotes.catalog, `/mfe/catalog/releases/${first}/mf-manifest.json`);

    // A new release of the catalogue, with another title, published while the server runs.
    publishDerived(dist, '00000000000a', { server: (code) => code.split('Foire aux questions').join('Questions fréquentes') });
    const after = await server.request('GET', '/faq');
    assert.equal(after.status, 200);
    assert.match(rootOf(after.text), /<h1[^>]*>Questions fréquentes<\/h1>/);
    assert.equal(configOf(after.text).remotes.catalog, '/mfe/catalog/releases/00000000000a/mf-manifest.json');
    assert.match(after.text, /href="\/mfe\/catalog\/releases\/00000000000a\/__federation_expose_FaqPage\.[0-9a-f]{10}\.css"/);
    // The previous release still answers, for the tabs that started with it.
    assert.equal((await fetch(`${server.url}/mfe/catalog/releases/${first}/remoteEntry.js`)).status, 200);

    // A pointer to a release that is not there: the last good one stays live.
    writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: 'ffffffffffff' }));
    const broken = await server.request('GET', '/faq');
    assert.match(rootOf(broken.text), /Questions fréquentes/);
    assert.equal(configOf(broken.text).remotes.catalog, '/mfe/catalog/releases/00000000000a/mf-manifest.json');
    assert.ok(warnings.some((line) => line.includes('Version ffffffffffff de « catalog » introuvable')));
  });

  it("falls back to the browser when a release's server build is missing, throws, or is not the one its manifest names", async () => {
    const dist = path.join(root, 'mfe-catalog', 'dist');
    const fromGood = () => writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: liveReleaseOfRepo() }));
    fromGood();
    // A build that throws when loaded: the page is the shell, rendered by the browser, never a 500.
    publishDerived(dist, '00000000000b', { server: () => 'throw new Error("build cassé");' });
    const broken = await server.request('GET', '/');
    assert.equal(broken.status, 200);
    assert.equal(rootOf(broken.text), '');
    assert.match(broken.text, /sm-donnees-initiales/, 'the data is still in the page');
    assert.equal(configOf(broken.text).remotes.catalog, '/mfe/catalog/releases/00000000000b/mf-manifest.json');
    assert.ok(
      warnings.some((line) => line.includes('build cassé')),
      'the failure is logged',
    );

    // A page module that throws while rendering: also the browser's rendering.
    fromGood();
    publishDerived(dist, '00000000000c', {
      server: (code) => {
        const throwing = code.replace(/(function FaqPage\([^)]*\)\s*\{)/, '$1 throw new Error("rendu cassé");');
        assert.notEqual(throwing, code, 'the FAQ page component is found in the build');
        return throwing;
      },
    });
    const failing = await server.request('GET', '/faq');
    assert.equal(failing.status, 200);
    assert.equal(rootOf(failing.text), '');

    // Without a server build at all.
    fromGood();
    publishDerived(dist, '00000000000d', { server: null });
    const missing = await server.request('GET', '/faq');
    assert.equal(missing.status, 200);
    assert.equal(rootOf(missing.text), '');
    assert.match(missing.text, /<title>/);

    // A file that is not the one the manifest's digest names is not run.
    fromGood();
    publishDerived(dist, '00000000000e', { server: (code) => code, tampered: true });
    const tampered = await server.request('GET', '/about');
    assert.equal(rootOf(tampered.text), '');
    assert.ok(warnings.some((line) => line.includes("ne correspond pas à l'empreinte")));
  });

  it('refuses a release built against a kernel it cannot satisfy: not rendered on the server, with a clear log line', async () => {
    const dist = path.join(root, 'mfe-catalog', 'dist');
    writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: liveReleaseOfRepo() }));
    assert.match(rootOf((await server.request('GET', '/about')).text), /<h1/);
    publishDerived(dist, '0000000000f2', { kernel: { version: '0.2.0', range: '^0.2.0', uses: ['formatEuro'] } });
    const refused = await server.request('GET', '/about');
    assert.equal(refused.status, 200);
    assert.equal(rootOf(refused.text), '');
    assert.ok(!refused.text.includes('releases/0000000000f2/__federation'), 'nothing of it announced');
    // The site's kernel is the one of this repository (its version moves with each release of its exports).
    const kernelVersion = (JSON.parse(readFileSync(path.join(repo, 'shared-kernel', 'package.json'), 'utf8')) as { version: string })
      .version;
    assert.ok(
      warnings.some((line) =>
        line.includes(
          `Module distant « catalog » refusé : construit pour le noyau ^0.2.0 (0.2.0), alors que ce site fournit le noyau ${kernelVersion}.`,
        ),
      ),
    );
    // One that imports what the API's kernel does not export: refused too.
    writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: liveReleaseOfRepo() }));
    publishDerived(dist, '0000000000f3', { kernel: { version: '0.1.0', range: '^0.1.0', uses: ['formatEuro', 'skewProbe'] } });
    assert.equal(rootOf((await server.request('GET', '/about')).text), '');
    assert.ok(warnings.some((line) => line.includes('il utilise « skewProbe »')));
    writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: liveReleaseOfRepo() }));
    assert.match(rootOf((await server.request('GET', '/about')).text), /<h1/);
  });
});

/**
 * A build whose every page is replaced by a component running `body` (with `h`, React's
 * createElement, and `page`, the module's key) before returning its element: appended after the
 * build's own code, so it does not depend on the pages' texts.
 */
const replacePages = (body: string) => (code: string) =>
  `${code}
;(function () {
  var h = require('react').createElement;
  var modules = {};
  Object.keys(module.exports.modules).forEach(function (page) {
    modules[page] = { default: function () { ${body} } };
  });
  module.exports = { modules: modules };
})();`;

describe('signed server builds, run in render workers', () => {
  let server: TestServer;
  let root: string;
  let dist: string;
  const warnings: string[] = [];
  const BUDGET_MS = 2000;
  const live = () => writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release: liveReleaseOfRepo() }));
  /** The text of the page's first heading, as the browser reads it. */
  const heading = (html: string) =>
    (/<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1] ?? '')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');

  before(async () => {
    root = copyBuilds();
    dist = path.join(root, 'mfe-catalog', 'dist');
    // A secret in the API's environment: no render may see it.
    process.env.SM_SECRET_DE_TEST = 'secret-qui-ne-doit-pas-fuir';
    server = await startServer(
      { staticRoot: root, logLevel: 'warn', remoteSigningKeys: trustedKeys, ssrPool: { size: 2, budgetMs: BUDGET_MS, memoryMb: 96 } },
      { serveSite: true, logStream: { write: (line) => void warnings.push(line) } },
    );
  });
  after(async () => {
    delete process.env.SM_SECRET_DE_TEST;
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs a server build only when a key of REMOTE_SIGNING_KEYS signed it, and says why otherwise', async () => {
    live();
    assert.match(rootOf((await server.request('GET', '/about')).text), /<h1/);

    publishDerived(dist, '0000000000b1', { signer: null });
    const unsigned = await server.request('GET', '/about');
    assert.equal(unsigned.status, 200);
    assert.equal(rootOf(unsigned.text), '', 'rendered in the browser');
    assert.ok(
      warnings.some(
        (line) =>
          line.includes('Build serveur de « catalog » (version 0000000000b1) ignoré : ses pages sont rendues dans le navigateur.') &&
          line.includes("il n'est pas signé"),
      ),
    );

    live();
    publishDerived(dist, '0000000000b2', { signer: generateKeyPairSync('ed25519').privateKey });
    assert.equal(rootOf((await server.request('GET', '/about')).text), '');
    assert.ok(warnings.some((line) => line.includes('(version 0000000000b2)') && line.includes("n'est pas dans REMOTE_SIGNING_KEYS")));

    // The publisher's signature of the live build, on other code (its digest updated to match).
    live();
    const liveManifest = readJson(path.join(dist, 'releases', liveReleaseOfRepo(), 'server', 'server-manifest.json'));
    publishDerived(dist, '0000000000b3', { server: (code) => code.split('Foire aux questions').join('Questions détournées') });
    const forgedFile = path.join(dist, 'releases', '0000000000b3', 'server', 'server-manifest.json');
    writeFileSync(forgedFile, JSON.stringify({ ...readJson(forgedFile), signature: liveManifest.signature }));
    assert.equal(rootOf((await server.request('GET', '/faq')).text), '');
    assert.ok(
      warnings.some((line) => line.includes('(version 0000000000b3)') && line.includes('sa signature ne correspond pas au fichier')),
    );

    live();
    assert.match(rootOf((await server.request('GET', '/about')).text), /<h1/, 'the signed live release renders again');
  });

  it('gives a build no Node globals, no module but the shared ones, and a worker whose environment holds no secret', async () => {
    live();
    // What a hostile build would try first, shown in the page's heading.
    publishDerived(dist, '0000000000c1', {
      server: replacePages(`
          var found = { process: typeof process, global: typeof global, buffer: typeof Buffer, require: '' };
          try { found.require = typeof require('fs').readFileSync; } catch (e) { found.require = String(e && e.message); }
          try { found.evaluation = typeof eval('1'); } catch (e) { found.evaluation = 'refusée'; }
          try { found.workerEnv = require('react').Children.map.constructor('return process')().env; } catch (e) { found.workerEnv = String(e && e.message); }
          return h('h1', null, JSON.stringify(found));`),
    });
    const res = await server.request('GET', '/faq');
    assert.equal(res.status, 200);
    const found = JSON.parse(heading(res.text)) as Record<string, unknown>;
    assert.equal(found.process, 'undefined');
    assert.equal(found.global, 'undefined');
    assert.equal(found.buffer, 'undefined');
    assert.equal(found.require, 'Module non fourni au rendu serveur : fs');
    assert.equal(found.evaluation, 'refusée');
    // Even reaching the worker's own `process` through an object it shares: an empty environment.
    assert.ok(found.workerEnv && typeof found.workerEnv === 'object', JSON.stringify(found.workerEnv));
    assert.deepEqual(
      Object.keys(found.workerEnv as object).filter((key) => key !== 'NODE_ENV'),
      [],
    );
    assert.ok(!res.text.includes('secret-qui-ne-doit-pas-fuir'));
    live();
  });

  it('renders in parallel across workers, each page with its own data', async () => {
    live();
    // Both workers started (the first renders start them).
    await Promise.all([server.request('GET', '/cgv'), server.request('GET', '/confidentialite')]);
    // Each render holds its worker 600 ms and writes when it ran.
    publishDerived(dist, '0000000000d1', {
      server: replacePages(
        "var debut = Date.now(); while (Date.now() - debut < 600) {} return h('h1', null, 'rendu ' + debut + ' ' + Date.now());",
      ),
    });
    const [faq, about] = await Promise.all([server.request('GET', '/faq'), server.request('GET', '/about')]);
    const span = (html: string) => {
      const match = /rendu (\d+) (\d+)/.exec(heading(html));
      assert.ok(match, heading(html));
      return [Number(match[1]), Number(match[2])] as const;
    };
    const [a, b] = [span(faq.text), span(about.text)];
    assert.ok(a[0] < b[1] && b[0] < a[1], `the two renders overlap: ${a.join('-')} and ${b.join('-')}`);

    // Several apartment pages at once: each shows its own apartment (the page data is per render).
    live();
    const pages = await Promise.all(demoApartments.slice(0, 6).map((demo) => server.request('GET', `/appartement/${demo.slug}`)));
    pages.forEach((res, i) => assert.match(rootOf(res.text), new RegExp(`<h1[^>]*>${escapeText(demoApartments[i]!.titre)}</h1>`)));
  });

  it('stops a render past its time budget, renders that page in the browser, and goes on with a new worker', async () => {
    live();
    publishDerived(dist, '0000000000e1', { server: replacePages('for (;;) {}') });
    const started = Date.now();
    const looping = await server.request('GET', '/faq');
    assert.equal(looping.status, 200);
    assert.equal(rootOf(looping.text), '');
    assert.ok(Date.now() - started < BUDGET_MS + 5000, 'answered once the budget ran out');
    assert.ok(warnings.some((line) => line.includes('Rendu serveur de /faq impossible') && line.includes(`arrêté après ${BUDGET_MS} ms`)));

    live();
    assert.match(rootOf((await server.request('GET', '/cgv')).text), /<h1/, 'the next page renders in a fresh worker');
  });

  it('stops a render past its memory budget, renders that page in the browser, and goes on with a new worker', async () => {
    // A server of its own whose time budget cannot run out first, however busy the machine: this
    // render must be stopped for its memory.
    const logs: string[] = [];
    const roomy = await startServer(
      { staticRoot: root, logLevel: 'warn', remoteSigningKeys: trustedKeys, ssrPool: { size: 1, budgetMs: 60_000, memoryMb: 96 } },
      { serveSite: true, logStream: { write: (line) => void logs.push(line) } },
    );
    try {
      publishDerived(dist, '0000000000e2', {
        server: replacePages('var heap = []; for (;;) heap.push(new Array(1e6).fill(heap.length));'),
      });
      const greedy = await roomy.request('GET', '/about');
      assert.equal(greedy.status, 200);
      assert.equal(rootOf(greedy.text), '');
      assert.ok(logs.some((line) => line.includes('Rendu serveur de /about impossible') && line.includes('Mo de mémoire')));

      live();
      assert.match(rootOf((await roomy.request('GET', '/cgv')).text), /<h1/, 'the next page renders in a fresh worker');
    } finally {
      await roomy.close();
    }
  });
});

/** The catalogue's release as `npm run build` left it (copied by copyBuilds). */
const liveReleaseOfRepo = () => liveRelease(path.join(repo, 'mfe-catalog', 'dist'));

/**
 * Serves `dir` at `/catalog/` on a port of its own: a catalogue deployed on another origin, with
 * ETags; `mode` makes it fail (503) or accept connections and never answer.
 */
async function remoteOrigin(
  dir: string,
): Promise<{ origin: string; requests: string[]; mode: (value: 'up' | 'down' | 'silent') => void; close: () => Promise<void> }> {
  const requests: string[] = [];
  let state: 'up' | 'down' | 'silent' = 'up';
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (state === 'silent') return;
    const file = path.join(dir, decodeURIComponent((req.url ?? '').replace(/^\/catalog\//, '').split('?')[0]!));
    if (state === 'down' || !file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(state === 'down' ? 503 : 404).end();
      return;
    }
    const body = readFileSync(file);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { etag, 'content-type': file.endsWith('.json') ? 'application/json' : 'text/javascript' }).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    mode: (value) => void (state = value),
    close: () => {
      sockets.forEach((socket) => socket.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until `check` holds, asking again every 50 ms (at most `ms`). */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition jamais remplie');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a catalogue deployed on another origin', () => {
  let server: TestServer;
  let root: string;
  let remoteDir: string;
  let remote: Awaited<ReturnType<typeof remoteOrigin>>;
  const warnings: string[] = [];
  const CHECK_MS = 150;
  const pageConfig = async (route = '/faq') => configOf((await server.request('GET', route)).text).remotes.catalog;

  before(async () => {
    root = copyBuilds();
    // The catalogue is not served by the API: only its own origin has it, published the same way.
    remoteDir = path.join(root, 'ailleurs');
    cpSync(path.join(root, 'mfe-catalog', 'dist'), remoteDir, { recursive: true });
    rmSync(path.join(root, 'mfe-catalog'), { recursive: true, force: true });
    remote = await remoteOrigin(remoteDir);
    server = await startServer(
      {
        staticRoot: root,
        logLevel: 'warn',
        remoteSigningKeys: trustedKeys,
        remoteCheckMs: CHECK_MS,
        remoteUrls: { catalog: `${remote.origin}/catalog/mf-manifest.json` },
      },
      { serveSite: true, logStream: { write: (line) => void warnings.push(line) } },
    );
  });
  after(async () => {
    await server.close();
    await remote.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders its pages in the browser, never running a server build from that origin, and says why', async () => {
    const release = liveRelease(remoteDir);
    await eventually(async () => (await pageConfig('/')) === `${remote.origin}/catalog/releases/${release}/mf-manifest.json`);
    const res = await server.request('GET', '/');
    assert.equal(res.status, 200);
    assert.equal(rootOf(res.text), '');
    assert.doesNotMatch(res.text, /sm-rendu-serveur/);
    assert.match(res.text, /sm-donnees-initiales/, 'the data is in the page all the same');
    // Its release's manifest is announced, and its origin allowed by the CSP.
    assert.ok(res.text.includes(`<link rel="preload" href="${remote.origin}/catalog/releases/${release}/mf-manifest.json" as="fetch"`));
    assert.match(res.headers.get('content-security-policy') ?? '', new RegExp(`script-src [^;]*${remote.origin}`));
    assert.deepEqual(
      remote.requests.filter((url) => url.includes('/server/')),
      [],
      'no server build was fetched',
    );
    assert.ok(
      warnings.some((line) =>
        line.includes("ses pages sont rendues dans le navigateur. L'API n'exécute pas de build serveur venu d'une autre origine"),
      ),
    );
  });

  it('names a new release within the check interval, and the release it knows while the origin is down', async () => {
    publishDerived(remoteDir, '0000000000a1');
    await eventually(async () => (await pageConfig()) === `${remote.origin}/catalog/releases/0000000000a1/mf-manifest.json`);
    // Checks that find nothing new cost a 304.
    const checks = remote.requests.length;
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS * 3));
    await pageConfig();
    await pageConfig('/about');
    assert.ok(remote.requests.length - checks <= 3, 'at most one check per interval');

    remote.mode('down');
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS + 50));
    const down = await server.request('GET', '/about');
    assert.equal(down.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(
      configOf((await server.request('GET', '/about')).text).remotes.catalog,
      `${remote.origin}/catalog/releases/0000000000a1/mf-manifest.json`,
    );
    assert.ok(
      warnings.some(
        (line) => line.includes('Module distant « catalog » injoignable') && line.includes('la version 0000000000a1 reste annoncée'),
      ),
    );
    remote.mode('up');
  });

  it('never makes a page wait on an origin that does not answer', async () => {
    remote.mode('silent');
    publishDerived(remoteDir, '0000000000a2');
    try {
      const timings: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        for (const route of ['/faq', '/api/health']) {
          const started = performance.now();
          const res = await fetch(`${server.url}${route}`);
          await res.text();
          assert.equal(res.status, 200);
          timings.push(performance.now() - started);
        }
        await new Promise((resolve) => setTimeout(resolve, CHECK_MS / 2));
      }
      timings.sort((a, b) => a - b);
      // Before: a request per check interval waited the 3 s timeout, and the others with it.
      assert.ok(timings[timings.length - 1]! < 2000, `slowest answer: ${Math.round(timings[timings.length - 1]!)} ms`);
      assert.equal(
        await pageConfig(),
        `${remote.origin}/catalog/releases/0000000000a1/mf-manifest.json`,
        'the last release read stays named',
      );
    } finally {
      remote.mode('up');
    }
  });

  it('refuses a release of that origin built against a kernel the API cannot satisfy, with a clear log line', async () => {
    publishDerived(remoteDir, '0000000000a3', { kernel: { version: '0.2.0', range: '^0.2.0', uses: [] } });
    // (each page asks for a check once the interval has passed)
    await eventually(async () => (await pageConfig()) === `${remote.origin}/catalog/releases/0000000000a3/mf-manifest.json`);
    assert.ok(warnings.some((line) => line.includes('Module distant « catalog » refusé : construit pour le noyau ^0.2.0')));
    const res = await server.request('GET', '/faq');
    assert.ok(!res.text.includes('rel="preload" href="' + remote.origin), 'a refused release is not announced');
  });
});

describe('a remote on another origin that has never answered', () => {
  it('gives the browser the configured address at once, without waiting for it', async () => {
    const root = copyBuilds();
    rmSync(path.join(root, 'mfe-catalog'), { recursive: true, force: true });
    const silent = await remoteOrigin(root);
    silent.mode('silent');
    const server = await startServer(
      {
        staticRoot: root,
        remoteSigningKeys: trustedKeys,
        remoteCheckMs: 100,
        remoteUrls: { catalog: `${silent.origin}/catalog/mf-manifest.json` },
      },
      { serveSite: true },
    );
    try {
      const started = performance.now();
      const res = await server.request('GET', '/');
      assert.ok(performance.now() - started < 2000);
      assert.equal(configOf(res.text).remotes.catalog, `${silent.origin}/catalog/mf-manifest.json`);
      assert.ok(!res.text.includes(`rel="preload" href="${silent.origin}`), 'nothing announced of an origin not read');
    } finally {
      await server.close();
      await silent.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
