import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { todayIn, addDaysIso } from 'shared-kernel/rules';
import { appartements, disponibilites } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, PER_PAGE_INVALID } from '../src/modules/appartements/search.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

describe('apartments', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it('answers the bare call with the first page, every demo apartment with all the fields of the spec, without caching', async () => {
    const res = await server.request('GET', '/api/appartements');
    assert.equal(res.status, 200);
    assert.deepEqual(
      { total: res.body.total, page: res.body.page, parPage: res.body.parPage, nombre: res.body.appartements.length },
      { total: demoApartments.length, page: 1, parPage: DEFAULT_PER_PAGE, nombre: demoApartments.length },
    );
    assert.ok(demoApartments.length >= 12 && demoApartments.length <= DEFAULT_PER_PAGE);
    const first = res.body.appartements[0];
    for (const key of [
      'id',
      'slug',
      'titre',
      'description',
      'localisation',
      'prixParNuit',
      'surface',
      'note',
      'nombreAvis',
      'smoobuId',
      'politiqueAnnulation',
      'capacite',
      'inclus',
      'nonInclus',
      'images',
      'hote',
      'regles',
      'equipements',
    ]) {
      assert.ok(key in first, key);
    }
    assert.equal(typeof first.prixParNuit, 'number');
    assert.match(res.headers.get('cache-control') ?? '', /no-cache/);
    assert.equal(res.headers.get('pragma'), 'no-cache');
    const prices = res.body.appartements.map((a: { prixParNuit: number }) => a.prixParNuit);
    assert.ok(Math.min(...prices) <= 50 && Math.max(...prices) >= 200, 'prices span about 45 to 250 €');
    assert.ok(
      res.body.appartements.every((a: { images: string[] }) => a.images.length >= 3 && a.images.every((u) => u.startsWith('/media/demo/'))),
    );
  });

  it('answers an unchanged list with 304, and serves it compressed', async () => {
    const first = await server.request('GET', '/api/appartements');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await fetch(`${server.url}/api/appartements`, { headers: { 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    const gzip = await fetch(`${server.url}/api/appartements`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers.get('content-encoding'), 'gzip');
    assert.deepEqual(await gzip.json(), first.body, 'fetch decodes the gzip body to the same list');
  });

  it('finds an apartment by slug, and answers 404 in French for an unknown one', async () => {
    const slug = demoApartments[0]!.slug;
    const found = await server.request('GET', `/api/appartements/slug/${slug}`);
    assert.equal(found.status, 200);
    assert.equal(found.body.titre, demoApartments[0]!.titre);
    const missing = await server.request('GET', '/api/appartements/slug/nexiste-pas');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Appartement introuvable.');
  });

  it('decodes broken JSON fields with the spec fallbacks instead of failing', async () => {
    await server.database.db.insert(appartements).values({
      slug: 'donnees-abimees',
      titre: 'Données abîmées',
      localisation: 'Metz',
      prixParNuit: 60,
      capacite: sql`'"pas du json"'::jsonb`,
      inclus: sql`'{"wifi": true}'::jsonb`,
      images: sql`'"voir https://exemple.fr/a.jpg et https://exemple.fr/b.jpg"'::jsonb`,
      hote: sql`'null'::jsonb`,
      regles: sql`'{"voyageursMax": "quatre"}'::jsonb`,
    });
    const res = await server.request('GET', '/api/appartements/slug/donnees-abimees');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.capacite, { voyageurs: 1, chambres: 1, lits: 1, sallesDeBain: 1 });
    assert.deepEqual(res.body.inclus, []);
    assert.deepEqual(res.body.images, ['https://exemple.fr/a.jpg', 'https://exemple.fr/b.jpg']);
    assert.deepEqual(res.body.hote, { nom: '', experience: 'Nouveau', tauxReponse: '100%', delaiReponse: '1h' });
    assert.deepEqual(res.body.regles, { arrivee: '15:00 - 00:00', depart: 'avant 12:00', voyageursMax: 2 });
    assert.equal(res.body.note, 5);
    assert.equal(res.body.nombreAvis, 0);
    assert.equal(res.body.smoobuId, null);
  });

  it('lists the blocked days from today on', async () => {
    const list = await server.request('GET', '/api/appartements');
    const id = list.body.appartements[1].id as number;
    const today = todayIn('Europe/Paris');
    await server.database.db.insert(disponibilites).values([
      { appartementId: id, date: addDaysIso(today, -3) },
      { appartementId: id, date: addDaysIso(today, 5) },
      { appartementId: id, date: addDaysIso(today, 2) },
    ]);
    const res = await server.request('GET', `/api/appartements/disponibilites/${id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, [{ date: addDaysIso(today, 2) }, { date: addDaysIso(today, 5) }]);
    const other = await server.request('GET', `/api/appartements/disponibilites/${list.body.appartements[0].id}`);
    assert.deepEqual(other.body, []);
  });

  it('answers 404 for an unknown apartment and 400 for a malformed id', async () => {
    const missing = await server.request('GET', '/api/appartements/disponibilites/999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Appartement introuvable.');
    const malformed = await server.request('GET', '/api/appartements/disponibilites/abc');
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.message, "Le champ « identifiant » n'a pas le format attendu.");
  });

  it('answers unknown API routes with a French 404', async () => {
    const res = await server.request('GET', '/api/nimporte-quoi');
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'Ressource introuvable.');
  });
});

/** 40 more apartments than the demo's and one draft: the bare call can no longer hold the catalogue. */
describe('the catalogue list, by pages (issue 32)', () => {
  let server: TestServer;
  let admin: string;
  let client: string;
  const EXTRA = 40;
  before(async () => {
    server = await startServer();
    await server.database.db.insert(appartements).values([
      ...Array.from({ length: EXTRA }, (_, i) => ({
        slug: `page-${i}`,
        titre: `Logement ${i}`,
        localisation: 'Thionville Centre',
        ville: 'Thionville',
        prixParNuit: 50 + i,
        capacite: { voyageurs: 2 },
      })),
      {
        slug: 'brouillon-pages',
        titre: 'Brouillon',
        localisation: 'Metz',
        prixParNuit: 70,
        capacite: { voyageurs: 2 },
        publie: false,
        smoobuId: 4242,
      },
    ]);
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  });
  after(() => server.close());

  const ids = (body: { appartements: { id: number }[] }) => body.appartements.map((a) => a.id);

  it('answers the bare call with the first page of the default size, the count of every published apartment, and never more', async () => {
    const bare = await server.request('GET', '/api/appartements');
    assert.equal(bare.status, 200);
    const total = demoApartments.length + EXTRA;
    assert.deepEqual([bare.body.total, bare.body.page, bare.body.parPage], [total, 1, DEFAULT_PER_PAGE]);
    assert.equal(bare.body.appartements.length, DEFAULT_PER_PAGE);
    assert.ok(!bare.body.appartements.some((a: { slug: string }) => a.slug === 'brouillon-pages'));
    assert.deepEqual(bare.body.facettes.villes.map((v: { ville: string }) => v.ville).includes('Thionville'), true);
    // The same page a search for page 1 answers (the home page's own question).
    const asked = await server.request('GET', `/api/appartements?page=1&parPage=${DEFAULT_PER_PAGE}`);
    assert.deepEqual(ids(asked.body), ids(bare.body));
    const asAdmin = await server.request('GET', '/api/appartements', { token: admin });
    assert.equal(asAdmin.body.total, total + 1, 'an admin also counts the draft');
    assert.equal(asAdmin.body.appartements.length, DEFAULT_PER_PAGE);
    assert.match(asAdmin.headers.get('cache-control') ?? '', /no-store/);
  });

  it('gives stable and disjoint pages that together hold every apartment once', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await server.request('GET', `/api/appartements?page=${page}&parPage=${DEFAULT_PER_PAGE}`);
      assert.equal(res.status, 200);
      const again = await server.request('GET', `/api/appartements?page=${page}&parPage=${DEFAULT_PER_PAGE}`);
      assert.deepEqual(ids(again.body), ids(res.body), `page ${page} is the same when asked again`);
      pages.push(ids(res.body));
    }
    const total = demoApartments.length + EXTRA;
    assert.deepEqual(
      pages.map((p) => p.length),
      [DEFAULT_PER_PAGE, DEFAULT_PER_PAGE, total - 2 * DEFAULT_PER_PAGE],
    );
    const seen = pages.flat();
    assert.equal(new Set(seen).size, total, 'no apartment on two pages');
    assert.deepEqual(
      seen,
      (await allApartments<{ id: number }>(server)).map((a) => a.id),
    );
    const past = await server.request('GET', '/api/appartements?page=4');
    assert.deepEqual([past.status, past.body.appartements.length, past.body.total], [200, 0, total]);
  });

  it(`refuses more than ${MAX_PER_PAGE} apartments a page, in French`, async () => {
    const res = await server.request('GET', `/api/appartements?parPage=${MAX_PER_PAGE + 1}`);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, PER_PAGE_INVALID);
    const most = await server.request('GET', `/api/appartements?parPage=${MAX_PER_PAGE}`);
    assert.equal(most.body.appartements.length, MAX_PER_PAGE);
  });

  it('gives admins, and only them, every apartment with drafts in a few fields (GET /api/admin/appartements)', async () => {
    const anonymous = await server.request('GET', '/api/admin/appartements');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.message, 'Authentification requise. Veuillez vous connecter.');
    const guest = await server.request('GET', '/api/admin/appartements', { token: client });
    assert.equal(guest.status, 403);
    assert.equal(guest.body.message, 'Accès réservé aux administrateurs.');
    const res = await server.request('GET', '/api/admin/appartements', { token: admin });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.body.length, demoApartments.length + EXTRA + 1);
    const listed = await allApartments<{
      id: number;
      titre: string;
      slug: string;
      ville: string;
      smoobuId: number | null;
      publie: boolean;
    }>(server, admin);
    assert.deepEqual(
      res.body,
      listed.map(({ id, titre, slug, ville, smoobuId, publie }) => ({ id, titre, slug, ville, smoobuId, publie })),
    );
    const draft = listed.find((a) => a.slug === 'brouillon-pages')!;
    assert.deepEqual(
      res.body.find((a: { slug: string }) => a.slug === 'brouillon-pages'),
      { id: draft.id, titre: 'Brouillon', slug: 'brouillon-pages', ville: 'Metz', smoobuId: 4242, publie: false },
    );
  });
});
