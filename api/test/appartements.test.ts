import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { todayIn, addDaysIso } from 'shared-kernel/rules';
import { appartements, disponibilites } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startServer, type TestServer } from './helpers.js';

describe('apartments', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.close());

  it('lists every demo apartment with all the fields of the spec, without caching', async () => {
    const res = await server.request('GET', '/api/appartements');
    assert.equal(res.status, 200);
    assert.equal(res.body.length, demoApartments.length);
    assert.ok(res.body.length >= 12);
    const first = res.body[0];
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
    const prices = res.body.map((a: { prixParNuit: number }) => a.prixParNuit);
    assert.ok(Math.min(...prices) <= 50 && Math.max(...prices) >= 200, 'prices span about 45 to 250 €');
    assert.ok(res.body.every((a: { images: string[] }) => a.images.length >= 3 && a.images.every((u) => u.startsWith('/media/demo/'))));
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
    const id = list.body[1].id as number;
    const today = todayIn('Europe/Paris');
    await server.database.db.insert(disponibilites).values([
      { appartementId: id, date: addDaysIso(today, -3) },
      { appartementId: id, date: addDaysIso(today, 5) },
      { appartementId: id, date: addDaysIso(today, 2) },
    ]);
    const res = await server.request('GET', `/api/appartements/disponibilites/${id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, [{ date: addDaysIso(today, 2) }, { date: addDaysIso(today, 5) }]);
    const other = await server.request('GET', `/api/appartements/disponibilites/${list.body[0].id}`);
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
