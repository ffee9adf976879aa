import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { appartements } from '../src/db/schema.js';
import { galleryMainPhotoSizes, LISTING_CARD_IMAGE_SIZES } from 'shared-kernel/domain';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { demoApartments } from '../src/seed/demo-data.js';
import { publishFakeRelease, startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

/** A built site as webpack leaves it: the shell's start-up list and the catalogue's manifest. */
function builtSite(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sm-hints-'));
  const shell = path.join(root, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html lang="fr"><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1"><title>Séjours Messins</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    path.join(shell, 'initial-assets.json'),
    JSON.stringify({ files: ['305.aaaaaaaaaa.js', 'bootstrap.bbbbbbbbbb.js', '../secret.js'] }),
  );
  publishCatalog(root, RELEASE, 'HomePage.0123456789.js');
  return root;
}

const RELEASE = 'aaaaaaaaaaaa';
const manifestHint = (release: string) =>
  `href="/mfe/catalog/releases/${release}/mf-manifest.json" as="fetch" crossorigin="anonymous" fetchpriority="low"`;

/** A release of the catalogue, switched to as its build does. */
function publishCatalog(root: string, release: string, homeChunk: string, withFaq = true): void {
  const expose = (name: string, js: string[]) => ({
    id: `catalog:${name}`,
    name,
    path: `./${name}`,
    assets: { js: { sync: js, async: ['305.cccccccccc.js'] }, css: { sync: [], async: [] } },
  });
  const manifest = {
    id: 'catalog',
    name: 'catalog',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      expose('HomePage', [homeChunk]),
      expose('ApartmentPage', ['ApartmentPage.1111111111.js']),
      ...(withFaq ? [expose('FaqPage', ['FaqPage.2222222222.js'])] : []),
    ],
  };
  publishFakeRelease(root, 'catalog', release, { 'mf-manifest.json': JSON.stringify(manifest) });
}

/** The JSON of a `<script type="application/json" id=…>` block, or undefined. */
function jsonBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

/** A demo photo's preload: its AVIF candidates and the `sizes` of the `<img>` that will show it. */
function mainPhoto(src: string, sizes: string): string {
  const base = /^\/media\/demo\/([a-z0-9-]+)\.jpg$/.exec(src)?.[1];
  assert.ok(base, src);
  const srcset = [480, 800, 1600].map((w) => `/media/variantes/demo/${base}-${w}.avif ${w}w`).join(', ');
  return `href="${src}" as="image" imagesrcset="${srcset}" imagesizes="${sizes}" type="image/avif" fetchpriority="high"`;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="preload" ([^>]*)>/g)].map((m) => m[1]!);

describe('page hints: preloads, runtime configuration and data written into the page', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = builtSite();
    server = await startServer({ staticRoot: root }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("announces the shell's start-up chunks and the home page's remote files at low priority, and its first photo at high priority", async () => {
    const res = await server.request('GET', '/');
    assert.equal(res.status, 200);
    const links = preloads(res.text);
    const list = (await allApartments(server)) as Array<{ images: string[] }>;
    assert.deepEqual(links, [
      mainPhoto(list[0]!.images[0]!, LISTING_CARD_IMAGE_SIZES),
      'href="/305.aaaaaaaaaa.js" as="script" fetchpriority="low"',
      'href="/bootstrap.bbbbbbbbbb.js" as="script" fetchpriority="low"',
      manifestHint(RELEASE),
    ]);
    assert.ok(!res.text.includes('secret.js'), 'a file name leaving the directory is not announced');
    // The photo is the page's first request (issue 28): after the viewport (its `vw` then means the
    // phone's width), before the shell's main.js.
    const at = (text: string) => res.text.indexOf(text);
    assert.ok(at('name=viewport') < at('as="image"'), 'after the viewport');
    assert.ok(at('as="image"') < at('<script defer src="/main.js">'), 'before main.js');
  });

  it('writes the runtime configuration and, for a visitor without a session, the apartment list the API would answer', async () => {
    const res = await server.request('GET', '/');
    assert.deepEqual(jsonBlock(res.text, 'sm-runtime-config'), (await server.request('GET', '/runtime-config.json')).body);
    const api = await server.request('GET', '/api/appartements?page=1&parPage=24');
    assert.deepEqual(jsonBlock(res.text, 'sm-donnees-initiales'), { '/appartements?page=1&parPage=24': api.body });
    assert.equal(api.body.total, demoApartments.length);
    assert.equal(api.body.appartements.length, Math.min(24, demoApartments.length), 'the first page only');

    // The search in the address (issue 32): the first page of that search, under the key the page reads.
    const arrivee = addDaysIso(todayIn('Europe/Paris'), 30);
    const depart = addDaysIso(arrivee, 3);
    const searched = await server.request('GET', `/?depart=${depart}&adultes=2&arrivee=${arrivee}&inconnu=1`);
    const question = `?arrivee=${arrivee}&depart=${depart}&adultes=2&enfants=0&page=1&parPage=24`;
    const answer = await server.request('GET', `/api/appartements${question}`);
    assert.ok(answer.body.appartements.every((a: { sejour?: unknown }) => a.sejour));
    assert.deepEqual(jsonBlock(searched.text, 'sm-donnees-initiales'), { [`/appartements${question}`]: answer.body });
    // A stay the API refuses is written as its French reason.
    const past = addDaysIso(todayIn('Europe/Paris'), -3);
    const refused = await server.request('GET', `/?arrivee=${past}&depart=${addDaysIso(past, 2)}`);
    assert.deepEqual(jsonBlock(refused.text, 'sm-donnees-initiales'), {
      [`/appartements?arrivee=${past}&depart=${addDaysIso(past, 2)}&adultes=1&enfants=0&page=1&parPage=24`]: {
        refus: "La date d'arrivée ne peut pas être dans le passé.",
      },
    });

    const signedIn = await server.request('GET', '/', { headers: { cookie: 'sm_token=quelque-chose' } });
    assert.equal(
      jsonBlock(signedIn.text, 'sm-donnees-initiales'),
      undefined,
      "a session's view may differ (an admin sees drafts): no data",
    );
    assert.ok(jsonBlock(signedIn.text, 'sm-runtime-config'));
  });

  it("writes an apartment page's apartment and reviews as the API answers them, and preloads its first photo", async () => {
    const slug = demoApartments[2]!.slug;
    const res = await server.request('GET', `/appartement/${slug}`);
    const api = await server.request('GET', `/api/appartements/slug/${encodeURIComponent(slug)}`);
    const reviews = await server.request('GET', `/api/appartements/${api.body.id}/avis`);
    assert.deepEqual(jsonBlock(res.text, 'sm-donnees-initiales'), {
      [`/appartements/slug/${encodeURIComponent(slug)}`]: api.body,
      [`/appartements/${api.body.id}/avis`]: reviews.body,
    });
    const links = preloads(res.text);
    assert.equal(links[0], mainPhoto(api.body.images[0], galleryMainPhotoSizes(api.body.images.length)));
    assert.ok(links.includes(manifestHint(RELEASE)));
  });

  it('keeps a title holding </script> inside the data block', async () => {
    const slug = demoApartments[3]!.slug;
    const titre = 'Studio </script><script>alert(1)</script> & <!-- vue';
    await server.database.db.update(appartements).set({ titre }).where(eq(appartements.slug, slug));
    const res = await server.request('GET', `/appartement/${slug}`);
    assert.ok(!res.text.includes('<script>alert(1)'));
    const data = jsonBlock(res.text, 'sm-donnees-initiales') as Record<string, { titre: string }>;
    assert.equal(data[`/appartements/slug/${slug}`]!.titre, titre);
  });

  it('announces nothing of a remote and writes no data on an unknown page, and only the shell on a private page', async () => {
    const unknown = await server.request('GET', '/page/inexistante');
    assert.equal(unknown.status, 404);
    assert.equal(jsonBlock(unknown.text, 'sm-donnees-initiales'), undefined);
    assert.ok(!preloads(unknown.text).some((l) => l.includes('/mfe/')));
    const missing = await server.request('GET', '/appartement/nexiste-pas');
    assert.equal(missing.status, 404);
    assert.ok(!preloads(missing.text).some((l) => l.includes('/mfe/') || l.includes('as="image"')));
    const profile = await server.request('GET', '/profile');
    assert.equal(profile.status, 200);
    assert.deepEqual(
      preloads(profile.text).filter((l) => l.includes('/mfe/')),
      [],
    );
  });

  it('follows a redeployed remote without a restart: its new release is announced, and a page it no longer exposes is not', async () => {
    assert.ok(preloads((await server.request('GET', '/faq')).text).includes(manifestHint(RELEASE)));
    publishCatalog(root, 'bbbbbbbbbbbb', 'HomePage.9999999999.js', false);
    assert.ok(!preloads((await server.request('GET', '/faq')).text).some((l) => l.includes('/mfe/')));
    assert.ok(preloads((await server.request('GET', '/')).text).includes(manifestHint('bbbbbbbbbbbb')));
  });
});
