/** Towns (issue 32 item 3): GET /api/villes, the search's `ville` filter, and the order by the price the cards show. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { appartements } from '../src/db/schema.js';
import { demoApartments } from '../src/seed/demo-data.js';
import type { TestServer } from './helpers.js';
import { insertApartmentRow, searchApartments, startWithCatalogue } from './support/catalogue.js';

type Found = {
  id: number;
  slug: string;
  ville: string;
  prixParNuit: number;
  prixMin: number;
  prixVarie: boolean;
  sejour?: { nuits: number; totalCents: number; total: number };
};
type Ville = { ville: string; slug: string; nombre: number };
type Page = { appartements: Found[]; total: number; page: number; parPage: number; facettes: { villes: Ville[] } };

describe('towns', () => {
  let server: TestServer;
  let admin: string;
  let all: Found[];

  before(async () => {
    ({ server, token: admin, all } = await startWithCatalogue<Found>('admin@sejours-messins.fr', 'Admin-Metz-2026'));
  });
  after(() => server.close());

  const search = (query: Record<string, string | number>) => searchApartments<Page & { message?: string }>(server, query);

  it('lists the towns of the published apartments, alphabetically, with their slug and count', async () => {
    const res = await server.request<Ville[]>('GET', '/api/villes');
    assert.equal(res.status, 200);
    const expected = new Map<string, number>();
    for (const a of demoApartments) expected.set(a.ville, (expected.get(a.ville) ?? 0) + 1);
    assert.deepEqual(
      res.body.map((v) => v.ville),
      [...expected.keys()].sort((a, b) => a.localeCompare(b, 'fr')),
    );
    assert.deepEqual(
      res.body.find((v) => v.ville === 'Metz'),
      { ville: 'Metz', slug: 'metz', nombre: expected.get('Metz') },
    );
    assert.deepEqual(
      res.body.find((v) => v.ville === 'Montigny-lès-Metz'),
      { ville: 'Montigny-lès-Metz', slug: 'montigny-les-metz', nombre: 1 },
    );
    assert.equal(
      res.body.reduce((sum, v) => sum + v.nombre, 0),
      demoApartments.length,
    );
    // The search's facets list the same towns, so the home page's select needs no other request.
    assert.deepEqual((await search({ page: 1 })).body.facettes.villes, res.body);
  });

  it('does not list a town whose only apartment is a draft, nor find it by its filter', async () => {
    await server.database.db.insert(appartements).values({
      slug: 'brouillon-thionville',
      titre: 'Brouillon à Thionville',
      description: 'Pas encore publié.',
      localisation: 'Thionville Centre',
      ville: 'Thionville',
      prixParNuit: 70,
      capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 },
      publie: false,
    });
    try {
      const villes = (await server.request<Ville[]>('GET', '/api/villes')).body;
      assert.ok(!villes.some((v) => v.slug === 'thionville'));
      const found = await search({ ville: 'thionville' });
      assert.equal(found.status, 200);
      assert.equal(found.body.total, 0);
      // An admin sees drafts in the search, their town included.
      const asAdmin = await server.request<Page>('GET', '/api/appartements?ville=thionville', { token: admin });
      assert.deepEqual(
        asAdmin.body.appartements.map((a) => a.slug),
        ['brouillon-thionville'],
      );
    } finally {
      await server.database.db.delete(appartements).where(eq(appartements.slug, 'brouillon-thionville'));
    }
  });

  it('gives towns and facets as the catalogue is now, after writes made past the API (kept only while no row changes)', async () => {
    type Facettes = { prixMin: number; prixMax: number; localisations: string[]; villes: Ville[] };
    const facettes = async (query: Record<string, string | number>) => {
      const res = await searchApartments<{ facettes: Facettes }>(server, query);
      assert.equal(res.status, 200);
      return res.body.facettes;
    };
    const stay = { arrivee: addDaysIso(todayIn('Europe/Paris'), 40), depart: addDaysIso(todayIn('Europe/Paris'), 43), adultes: 2 };
    const before = await facettes({ page: 1 });
    assert.deepEqual(await facettes({ page: 2 }), before, 'read again: the same');
    // Written in the database directly: no cache of the API is told.
    const id = await insertApartmentRow(server, {
      slug: 'nouveau-thionville',
      titre: 'Nouveau à Thionville',
      description: 'Publié à l’instant.',
      localisation: 'Thionville Gare',
      ville: 'Thionville',
      prixParNuit: 999,
      publie: true,
    });
    try {
      for (const query of [{ page: 1 }, stay]) {
        const added = await facettes(query);
        assert.equal(added.prixMax, 999);
        assert.ok(added.localisations.includes('Thionville Gare'));
        assert.deepEqual(
          added.villes.find((v) => v.slug === 'thionville'),
          { ville: 'Thionville', slug: 'thionville', nombre: 1 },
        );
      }
      await server.database.db.update(appartements).set({ prixParNuit: 5 }).where(eq(appartements.id, id));
      const cheaper = await facettes({ page: 1 });
      assert.equal(cheaper.prixMin, 5);
      assert.equal(cheaper.prixMax, before.prixMax);
      await server.database.db.update(appartements).set({ publie: false }).where(eq(appartements.id, id));
      assert.deepEqual(await facettes(stay), before, 'hidden: as before');
    } finally {
      await server.database.db.delete(appartements).where(eq(appartements.id, id));
    }
    assert.deepEqual(await facettes({ page: 1 }), before, 'deleted: as before');
  });

  it('filters by town, by its slug or its name, and pages that town only', async () => {
    const metz = all.filter((a) => a.ville === 'Metz');
    assert.ok(metz.length > 4 && metz.length < all.length);
    const bySlug = await search({ ville: 'metz', parPage: 48 });
    assert.equal(bySlug.status, 200);
    assert.equal(bySlug.body.total, metz.length);
    assert.deepEqual(
      bySlug.body.appartements.map((a) => a.id),
      metz.map((a) => a.id),
    );
    const byName = await search({ ville: 'Montigny-lès-Metz' });
    assert.deepEqual(
      byName.body.appartements.map((a) => a.ville),
      ['Montigny-lès-Metz'],
    );
    assert.equal(byName.body.total, 1);

    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil(metz.length / 3); page += 1) {
      const res = await search({ ville: 'metz', parPage: 3, page });
      assert.equal(res.body.total, metz.length);
      assert.ok(res.body.appartements.every((a) => a.ville === 'Metz'));
      ids.push(...res.body.appartements.map((a) => a.id));
    }
    assert.deepEqual(
      ids,
      metz.map((a) => a.id),
      'pages without gaps or duplicates',
    );
  });

  it('combines the town with a stay', async () => {
    const arrivee = addDaysIso(todayIn('Europe/Paris'), 40);
    const depart = addDaysIso(arrivee, 2);
    const res = await search({ ville: 'metz', arrivee, depart, adultes: 2, parPage: 48 });
    assert.equal(res.status, 200);
    assert.ok(res.body.total > 0);
    for (const a of res.body.appartements) {
      assert.equal(a.ville, 'Metz');
      assert.equal(a.sejour?.nuits, 2);
    }
  });

  it('finds nothing in an unknown town, without an error', async () => {
    for (const ville of ['atlantide', '!!!']) {
      const res = await search({ ville });
      assert.equal(res.status, 200, ville);
      assert.equal(res.body.total, 0, ville);
      assert.deepEqual(res.body.appartements, [], ville);
    }
  });

  it('refuses a town parameter longer than 100 characters', async () => {
    const res = await search({ ville: 'x'.repeat(101) });
    assert.equal(res.status, 400);
  });

  it('orders by the nightly price the cards show without dates: the lowest of the rates', async () => {
    // A date of this apartment cheaper than every other price: by its base price it would come last.
    const dearest = [...all].sort((a, b) => b.prixParNuit - a.prixParNuit || a.id - b.id)[0]!;
    const [row] = await server.database.db
      .select({ tarifs: appartements.tarifs })
      .from(appartements)
      .where(eq(appartements.id, dearest.id));
    const tarifs = (row?.tarifs ?? {}) as Record<string, unknown>;
    const cheapDay = { date: addDaysIso(todayIn('Europe/Paris'), 200), prixParNuit: 5 };
    await server.database.db
      .update(appartements)
      .set({ tarifs: { ...tarifs, prixParDate: [...((tarifs.prixParDate as unknown[]) ?? []), cheapDay] } })
      .where(eq(appartements.id, dearest.id));
    try {
      const res = await search({ tri: 'prix', parPage: 48 });
      assert.equal(res.status, 200);
      const shown = res.body.appartements.map((a) => (a.prixVarie ? a.prixMin : a.prixParNuit));
      assert.deepEqual(
        shown,
        [...shown].sort((x, y) => x - y),
      );
      assert.equal(res.body.appartements[0]!.id, dearest.id, 'from 5 € a night, it comes first');
      assert.equal(res.body.appartements[0]!.prixMin, 5);
    } finally {
      await server.database.db.update(appartements).set({ tarifs }).where(eq(appartements.id, dearest.id));
    }
  });

  it('orders by the price of the stay with dates, cheapest first, stable across pages', async () => {
    const arrivee = addDaysIso(todayIn('Europe/Paris'), 60);
    const depart = addDaysIso(arrivee, 3);
    const whole = await search({ arrivee, depart, tri: 'prix', parPage: 48 });
    const totals = whole.body.appartements.map((a) => a.sejour!.totalCents);
    assert.ok(totals.length > 5);
    assert.deepEqual(
      totals,
      [...totals].sort((x, y) => x - y),
    );
    const paged: number[] = [];
    for (let page = 1; (page - 1) * 5 < whole.body.total; page += 1) {
      paged.push(...(await search({ arrivee, depart, tri: 'prix', parPage: 5, page })).body.appartements.map((a) => a.id));
    }
    assert.deepEqual(
      paged,
      whole.body.appartements.map((a) => a.id),
    );
  });
});
