/**
 * An apartment's town and coordinates (issues 30 and 32): migration 0019's backfill, the public
 * API, the admin's add and edit with their French 400s, and the rows they leave in the database.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import { startServer, type TestServer } from './helpers.js';
import { allApartments } from './support/catalogue.js';

const newApartment = (extra: Record<string, unknown> = {}) => ({
  titre: `Studio ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Un studio calme près de la gare.',
  localisation: 'Metz Sablon',
  prixParNuit: 70,
  surface: 25,
  capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
  images: ['https://images.exemple.fr/studio-1.jpg'],
  ...extra,
});

describe('town and coordinates of an apartment', () => {
  let server: TestServer;
  let admin = '';
  let client = '';

  before(async () => {
    server = await startServer();
    admin = await server.login('admin@sejours-messins.fr', 'Admin-Metz-2026');
    client = await server.login('camille.martin@exemple.fr', 'Client-Metz-2026');
  });
  after(() => server.close());

  const row = async (id: number) =>
    (
      await server.database.db
        .select({ ville: appartements.ville, latitude: appartements.latitude, longitude: appartements.longitude })
        .from(appartements)
        .where(eq(appartements.id, id))
    )[0]!;

  it('the demo apartments are in their towns, each Metz quarter in Metz, with coordinates around Metz', async () => {
    const list = (await allApartments(server)) as Array<{
      slug: string;
      localisation: string;
      ville: string;
      latitude: number | null;
      longitude: number | null;
    }>;
    assert.equal(list.length, demoApartments.length);
    for (const a of list) {
      assert.equal(a.ville, a.localisation.startsWith('Metz ') ? 'Metz' : a.localisation, a.slug);
      assert.ok(a.latitude !== null && a.latitude > 49.0 && a.latitude < 49.2, `${a.slug} latitude ${a.latitude}`);
      assert.ok(a.longitude !== null && a.longitude > 6.0 && a.longitude < 6.3, `${a.slug} longitude ${a.longitude}`);
    }
    assert.ok(list.filter((a) => a.ville === 'Metz').length >= 8, 'the Metz quarters');
  });

  it('the migration took the town from the location text, in SQL', async () => {
    const db = server.database.db;
    // The migration's own statement, read from its file, run again over rows written without a town.
    const migration = readFileSync(new URL('../drizzle/0019_ville_coordonnees.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((s) => /^\s*UPDATE/m.test(s.replace(/^--.*$/gm, '')))!;
    const made = await db
      .insert(appartements)
      .values([
        { slug: 'sans-ville-1', titre: 'Sans ville 1', localisation: '  Metz Borny ', prixParNuit: 50, capacite: {} },
        { slug: 'sans-ville-2', titre: 'Sans ville 2', localisation: 'Montigny-lès-Metz', prixParNuit: 50, capacite: {} },
        { slug: 'sans-ville-3', titre: 'Sans ville 3', localisation: 'Metzervisse', prixParNuit: 50, capacite: {} },
      ])
      .returning({ id: appartements.id });
    assert.equal((await row(made[0]!.id)).ville, '', 'written without a town');
    await db.execute(sql.raw(backfill));
    assert.deepEqual(await Promise.all(made.map(async (m) => (await row(m.id)).ville)), ['Metz', 'Montigny-lès-Metz', 'Metzervisse']);
    for (const m of made) await db.delete(appartements).where(eq(appartements.id, m.id));
  });

  it('the database refuses coordinates out of range or only one of them', async () => {
    const [first] = await server.database.db.select({ id: appartements.id }).from(appartements).limit(1);
    for (const values of [
      { latitude: 91, longitude: 6 },
      { latitude: 49, longitude: -181 },
      { latitude: 49, longitude: null },
    ]) {
      await assert.rejects(
        server.database.db.update(appartements).set(values).where(eq(appartements.id, first!.id)),
        JSON.stringify(values),
      );
    }
  });

  it('an admin adds an apartment with its town and coordinates; without a town it takes the location’s', async () => {
    const res = await server.request('POST', '/api/appartements', {
      token: admin,
      body: newApartment({ ville: 'Metz', latitude: '49,1038', longitude: 6.1862 }),
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.appartement.ville, 'Metz');
    assert.equal(res.body.appartement.latitude, 49.1038);
    assert.equal(res.body.appartement.longitude, 6.1862);
    assert.deepEqual(await row(res.body.id), { ville: 'Metz', latitude: 49.1038, longitude: 6.1862 });

    const bare = await server.request('POST', '/api/appartements', { token: admin, body: newApartment({ localisation: 'Metz Queuleu' }) });
    assert.equal(bare.status, 201, bare.text);
    assert.deepEqual(await row(bare.body.id), { ville: 'Metz', latitude: null, longitude: null });
    const slug = bare.body.appartement.slug as string;
    const publicView = (await server.request('GET', `/api/appartements/slug/${slug}`, { token: admin })).body;
    assert.equal(publicView.ville, 'Metz');
    assert.equal(publicView.latitude, null);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    ['a latitude above 90', { latitude: 90.5, longitude: 6.17 }, 'La latitude doit être un nombre entre -90 et 90.'],
    ['a latitude below -90', { latitude: -91, longitude: 6.17 }, 'La latitude doit être un nombre entre -90 et 90.'],
    ['a longitude above 180', { latitude: 49.1, longitude: 180.01 }, 'La longitude doit être un nombre entre -180 et 180.'],
    ['a longitude that is not a number', { latitude: 49.1, longitude: 'est' }, 'La longitude doit être un nombre entre -180 et 180.'],
    ['a latitude without a longitude', { latitude: 49.1 }, 'Indiquez la latitude et la longitude, ou aucune des deux.'],
    ['a longitude without a latitude', { latitude: '', longitude: 6.17 }, 'Indiquez la latitude et la longitude, ou aucune des deux.'],
    ['a town of 81 characters', { ville: 'M'.repeat(81) }, 'La ville ne peut pas dépasser 80 caractères.'],
    ['a town that is not text', { ville: 57 }, 'Le champ « ville » doit être un texte.'],
  ];

  for (const [label, extra, message] of refusals) {
    it(`POST refuses ${label} with a French 400 and stores nothing`, async () => {
      const body = newApartment(extra);
      const res = await server.request('POST', '/api/appartements', { token: admin, body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.message, message);
      const stored = await server.database.db.select().from(appartements).where(eq(appartements.titre, body.titre));
      assert.equal(stored.length, 0);
    });
  }

  describe('editing', () => {
    let target: { id: number; titre: string; description: string; localisation: string; images: string[] };
    const edit = (extra: Record<string, unknown>, token = admin) =>
      server.request('PUT', `/api/appartements/${target.id}`, {
        token,
        body: {
          titre: target.titre,
          description: target.description,
          localisation: target.localisation,
          prixParNuit: 80,
          surface: 30,
          capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
          images: target.images,
          ...extra,
        },
      });

    before(async () => {
      target = (await server.request('GET', `/api/appartements/slug/${demoApartments[4]!.slug}`)).body;
    });

    it('changes the town and coordinates, keeps them when the body does not name them, clears them with null', async () => {
      const res = await edit({ ville: 'Montigny-lès-Metz', latitude: 49.0968, longitude: '6,1538' });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.appartement.ville, 'Montigny-lès-Metz');
      assert.deepEqual(await row(target.id), { ville: 'Montigny-lès-Metz', latitude: 49.0968, longitude: 6.1538 });

      assert.equal((await edit({})).status, 200);
      assert.deepEqual(await row(target.id), { ville: 'Montigny-lès-Metz', latitude: 49.0968, longitude: 6.1538 });

      const cleared = await edit({ ville: '', latitude: null, longitude: null });
      assert.equal(cleared.status, 200, cleared.text);
      assert.deepEqual(await row(target.id), { ville: 'Metz', latitude: null, longitude: null });
      const publicView = (await server.request('GET', `/api/appartements/slug/${demoApartments[4]!.slug}`)).body;
      assert.equal(publicView.latitude, null);
      assert.equal(publicView.longitude, null);
    });

    for (const [label, extra, message] of refusals) {
      it(`PUT refuses ${label} with a French 400 and changes nothing`, async () => {
        await edit({ ville: 'Metz', latitude: 49.1038, longitude: 6.1862 });
        const res = await edit(extra);
        assert.equal(res.status, 400, res.text);
        assert.equal(res.body.message, message);
        assert.deepEqual(await row(target.id), { ville: 'Metz', latitude: 49.1038, longitude: 6.1862 });
      });
    }

    it('a client may not change them (403), a visitor neither (401)', async () => {
      assert.equal((await edit({ latitude: 0, longitude: 0 }, client)).status, 403);
      assert.equal((await edit({ latitude: 0, longitude: 0 }, '')).status, 401);
      assert.notDeepEqual((await row(target.id)).latitude, 0);
    });
  });
});
