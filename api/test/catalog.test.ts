import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { appartements } from '../src/db/schema.js';
import { demoApartments, demoReviews } from '../src/seed/demo-data.js';
import { fakeBuild, startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';
import { headOf } from './support/page-head.js';

function expectedStats(slug: string) {
  const notes = demoReviews.filter((r) => r.slug === slug).map((r) => r.note);
  const moyenne = Math.round((notes.reduce((a, b) => a + b, 0) / notes.length) * 10) / 10;
  return { notes, moyenne };
}

const reviewed = demoApartments.find((a) => demoReviews.some((r) => r.slug === a.slug))!;
const unreviewed = demoApartments.find((a) => !demoReviews.some((r) => r.slug === a.slug))!;

describe('reviews', () => {
  let server: TestServer;
  let root: string;
  before(async () => {
    root = fakeBuild();
    server = await startServer({ staticRoot: root, siteOrigin: 'https://sejours.exemple.fr' }, { serveSite: true });
  });
  after(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function apartment(slug: string) {
    return (await server.request('GET', `/api/appartements/slug/${slug}`)).body;
  }

  it('computes note and nombreAvis from the real reviews, on every apartment endpoint', async () => {
    const { notes, moyenne } = expectedStats(reviewed.slug);
    const one = await apartment(reviewed.slug);
    assert.equal(one.nombreAvis, notes.length);
    assert.equal(one.note, moyenne);
    const list = (await allApartments(server)) as Array<{ slug: string; note: number; nombreAvis: number }>;
    for (const a of demoApartments) {
      const expected = demoReviews.filter((r) => r.slug === a.slug);
      const got = list.find((x) => x.slug === a.slug)!;
      assert.equal(got.nombreAvis, expected.length, a.slug);
      if (expected.length === 0) assert.equal(got.note, 5, a.slug);
    }
  });

  it('lists the reviews newest first with first name, date, rating and comment, the average and the 5-to-1 counts', async () => {
    const { notes, moyenne } = expectedStats(reviewed.slug);
    const { id } = await apartment(reviewed.slug);
    const res = await server.request('GET', `/api/appartements/${id}/avis`);
    assert.equal(res.status, 200);
    assert.equal(res.body.nombreAvis, notes.length);
    assert.equal(res.body.moyenne, moyenne);
    for (const star of [5, 4, 3, 2, 1]) assert.equal(res.body.repartition[star], notes.filter((n) => n === star).length, `${star} étoiles`);
    const dates = res.body.avis.map((a: { date: string }) => a.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const newest = demoReviews.filter((r) => r.slug === reviewed.slug).sort((a, b) => a.daysAgo - b.daysAgo)[0]!;
    assert.equal(res.body.avis[0].auteur, newest.prenom);
    assert.equal(res.body.avis[0].commentaire, newest.commentaire);
    assert.ok(!res.body.avis.some((a: { auteur: string }) => a.auteur.includes(' ')), 'only first names are public');
  });

  it('keeps the spec defaults for an apartment without reviews', async () => {
    const one = await apartment(unreviewed.slug);
    assert.equal(one.note, 5);
    assert.equal(one.nombreAvis, 0);
    const res = await server.request('GET', `/api/appartements/${one.id}/avis`);
    assert.deepEqual(res.body, { avis: [], moyenne: 5, nombreAvis: 0, repartition: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } });
  });

  it('answers 404 for the reviews of an unknown apartment, 400 for a malformed id', async () => {
    const missing = await server.request('GET', '/api/appartements/424242/avis');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Appartement introuvable.');
    assert.equal((await server.request('GET', '/api/appartements/x1/avis')).status, 400);
  });

  describe('pages that search engines and link previews understand', () => {
    function jsonLdOf(html: string): any[] {
      return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    }

    it('writes title, description, canonical, Open Graph and VacationRental JSON-LD into the apartment page', async () => {
      const { moyenne, notes } = expectedStats(reviewed.slug);
      const res = await server.request('GET', `/appartement/${reviewed.slug}`);
      assert.equal(res.status, 200);
      assert.match(res.text, new RegExp(`<title>${reviewed.titre.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, '&#39;')} – `));
      assert.equal((res.text.match(/<title>/g) ?? []).length, 1, 'one title');
      assert.equal((res.text.match(/name="?description/g) ?? []).length, 1, 'one description');
      assert.match(res.text, new RegExp(`<link rel="canonical" href="https://sejours.exemple.fr/appartement/${reviewed.slug}">`));
      assert.match(res.text, new RegExp(`<meta property="og:image" content="https://sejours.exemple.fr${reviewed.images[0]}">`));
      const [ld] = jsonLdOf(res.text);
      assert.equal(ld['@type'], 'VacationRental');
      assert.equal(ld.name, reviewed.titre);
      assert.equal(ld['@context'], 'https://schema.org');
      // schema.org: VacationRental has no `offers`; the town is its locality; occupancy is a value.
      assert.equal(ld.offers, undefined, 'no offers on a VacationRental');
      assert.ok(!JSON.stringify(ld).includes('"offers"'), 'nor anywhere in it');
      assert.equal(ld.address.addressLocality, reviewed.ville);
      assert.deepEqual(ld.geo, { '@type': 'GeoCoordinates', latitude: reviewed.latitude, longitude: reviewed.longitude });
      assert.equal(ld.containsPlace['@type'], 'Accommodation');
      assert.deepEqual(ld.containsPlace.occupancy, { '@type': 'QuantitativeValue', value: reviewed.capacite.voyageurs, unitCode: 'C62' });
      assert.equal(ld.containsPlace.occupancy.maxValue, undefined);
      assert.equal(ld.containsPlace.numberOfBedrooms, reviewed.capacite.chambres);
      assert.deepEqual(ld.aggregateRating, {
        '@type': 'AggregateRating',
        ratingValue: moyenne,
        reviewCount: notes.length,
        bestRating: 5,
        worstRating: 1,
      });
    });

    it('gives no aggregate rating to an apartment without real reviews', async () => {
      const res = await server.request('GET', `/appartement/${unreviewed.slug}`);
      const [ld] = jsonLdOf(res.text);
      assert.equal(ld.aggregateRating, undefined);
    });

    it('describes the home page from the database', async () => {
      const res = await server.request('GET', '/');
      assert.match(res.text, /<link rel="canonical" href="https:\/\/sejours.exemple.fr\/">/);
      assert.match(res.text, new RegExp(`<meta name="description" content="${demoApartments.length} appartements meublés à Metz`));
      assert.match(res.text, /<meta property="og:image" content="https:\/\/sejours.exemple.fr\/media\/demo\//);
    });

    it('gives every content page its own title, canonical URL and Open Graph tags, even when it is not rendered on the server', async () => {
      const titles = new Map<string, string>();
      const names: Record<string, string> = {
        '/about': 'À propos',
        '/faq': 'FAQ',
        '/loyer-garanti': 'Propriétaires',
        '/mentions-legales': 'Mentions légales',
        '/cgv': 'Conditions générales de vente',
        '/confidentialite': 'Politique de confidentialité',
      };
      for (const [path, name] of Object.entries(names)) {
        const res = await server.request('GET', path);
        assert.equal(res.status, 200, path);
        const head = headOf(res.text);
        assert.equal(head.title, `${name} | Séjours Messins`, path);
        assert.equal(head.canonical, `https://sejours.exemple.fr${path}`, path);
        assert.equal(head.og['og:url'], head.canonical, path);
        assert.equal(head.og['og:title'], head.title, path);
        assert.equal(head.og['og:description'], head.description, path);
        assert.equal(head.og['og:locale'], 'fr_FR', path);
        assert.equal(head.og['og:type'], 'website', path);
        assert.equal(head.robots, null, `${path} is indexed`);
        titles.set(head.title, path);
      }
      assert.equal(titles.size, Object.keys(names).length, 'no two pages share a title');
      // Another address of the owners' page names the first one as canonical.
      assert.equal(headOf((await server.request('GET', '/proprietaires/')).text).canonical, 'https://sejours.exemple.fr/loyer-garanti');
    });

    it("gives a town's page its own title, description and canonical URL, and a town without apartments a 404", async () => {
      const metz = demoApartments.filter((a) => a.ville === 'Metz').length;
      const res = await server.request('GET', '/location/metz?arrivee=2030-01-10&depart=2030-01-12');
      assert.equal(res.status, 200);
      const head = headOf(res.text);
      assert.equal(head.title, 'Location meublée à Metz | Séjours Messins');
      assert.equal(
        head.description,
        `Location meublée à Metz pour vos courts séjours : ${metz} appartements meublés à réserver en ligne, avec leurs photos, leur prix pour vos dates et les avis des voyageurs.`,
      );
      assert.equal(head.canonical, 'https://sejours.exemple.fr/location/metz', 'the stay is not part of the address search engines keep');
      assert.equal(head.robots, null);
      const single = headOf((await server.request('GET', '/location/montigny-les-metz')).text);
      assert.match(
        single.description ?? '',
        /^Location meublée à Montigny-lès-Metz pour vos courts séjours : Un appartement meublé à réserver/,
      );
      const sitemap = (await server.request('GET', '/sitemap.xml')).text;
      assert.equal(sitemap.split('<loc>https://sejours.exemple.fr/location/metz</loc>').length, 2, 'listed once');
      const unknown = await server.request('GET', '/location/atlantide');
      assert.equal(unknown.status, 404);
      assert.equal(headOf(unknown.text).robots, 'noindex');
    });

    it('marks every page that is not public noindex, without a canonical URL', async () => {
      for (const path of [
        '/profile',
        '/messagerie',
        '/reservation/12',
        `/appartement/${reviewed.slug}/checkout`,
        '/admin/reservations',
        '/admin/add-appartement',
        '/login',
        '/register',
        '/page-inconnue',
        '/appartement/inconnu',
        '/location/atlantide',
      ]) {
        const head = headOf((await server.request('GET', path)).text);
        assert.equal(head.robots, 'noindex', path);
        assert.equal(head.canonical, null, path);
      }
    });

    it('escapes a title holding </script>, quotes and ampersands', async () => {
      const evil = `</script><script>alert("x")</script> L'appart "chic" & <b>co</b>`;
      await server.database.db.insert(appartements).values({
        slug: 'titre-piege',
        titre: evil,
        description: `Description </script> "piège"`,
        localisation: 'Metz',
        prixParNuit: 80,
        capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
      });
      const res = await server.request('GET', '/appartement/titre-piege');
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes('<script>alert'), 'no script injected');
      // The page's own blocks only: the JSON-LD, and the runtime configuration and data the client reads back.
      assert.deepEqual(res.text.match(/<script[^>]*>/g), [
        '<script type="application/ld+json">',
        '<script type="application/json" id="sm-runtime-config">',
        '<script type="application/json" id="sm-donnees-initiales">',
      ]);
      assert.equal((res.text.match(/<\/script>/g) ?? []).length, 3, 'each </script> closes one of them');
      const [ld] = jsonLdOf(res.text);
      assert.equal(ld.name, evil, 'the JSON-LD still carries the exact title');
      assert.equal(ld.geo, undefined, 'no coordinates known: no geo');
      assert.equal(ld.address.addressLocality, 'Metz', 'a row written without a town names the location’s');
      const data = JSON.parse(/<script type="application\/json" id="sm-donnees-initiales">([^<]*)<\/script>/.exec(res.text)![1]!);
      assert.equal(data['/appartements/slug/titre-piege'].titre, evil, 'so does the data block');
      assert.match(
        res.text,
        /<meta property="og:title" content="&lt;\/script&gt;&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt; L&#39;appart &quot;chic&quot; &amp; &lt;b&gt;co&lt;\/b&gt; – Metz \| Séjours Messins">/,
      );
    });

    it('lists home, content pages and every apartment in sitemap.xml, and points robots.txt at it', async () => {
      const sitemap = await server.request('GET', '/sitemap.xml');
      assert.equal(sitemap.status, 200);
      assert.match(sitemap.headers.get('content-type') ?? '', /application\/xml/);
      for (const loc of [
        '/',
        '/about',
        '/faq',
        '/loyer-garanti',
        '/mentions-legales',
        '/cgv',
        '/confidentialite',
        ...demoApartments.map((a) => `/appartement/${a.slug}`),
        // Each town's page, once.
        '/location/metz',
        '/location/montigny-les-metz',
        '/location/longeville-les-metz',
      ]) {
        assert.ok(sitemap.text.includes(`<loc>https://sejours.exemple.fr${loc}</loc>`), loc);
      }
      assert.ok(!sitemap.text.includes('/proprietaires</loc>'), 'another address of /loyer-garanti is not listed');
      const robots = await server.request('GET', '/robots.txt');
      assert.match(robots.text, /^Sitemap: https:\/\/sejours.exemple.fr\/sitemap.xml$/m);
      assert.match(robots.text, /^Disallow: \/api\/$/m);
    });
  });
});
