/**
 * Issue 32 (migration 0029): the search, the list and the towns keep what they derive from
 * `appartements` and `taxe_sejour_taux` while the table's version (cache/table-versions.ts) is the
 * same. The version must change with every committed write, by any path or process, and with nothing
 * else: not a statement that changed no row, not a write still uncommitted or rolled back; and it
 * must survive the reads folding its rows. What the visitor sees follows at once.
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { addDaysIso, todayIn } from 'shared-kernel/rules';
import { tableVersions } from '../src/cache/table-versions.js';
import { openDatabase } from '../src/db/client.js';
import { FOLD_AFTER_ROWS } from '../src/db/appended-counts.js';
import { appartements, ecrituresComptees, taxeSejourTaux } from '../src/db/schema.js';
import { usingPostgres, type TestServer } from './helpers.js';
import { insertApartmentRow, searchApartments, startWithCatalogue } from './support/catalogue.js';

type Found = { id: number; titre: string; sejour?: { total: number } };
type Page = { appartements: Found[]; total: number };

const row = (slug: string) => ({
  slug,
  titre: `Écrit directement ${slug}`,
  description: 'Écrit sans passer par l’API.',
  localisation: 'Metz Centre',
  ville: 'Metz',
  prixParNuit: 80,
  publie: true,
});

describe('table versions', () => {
  let server: TestServer;
  let all: Found[];

  before(async () => {
    ({ server, all } = await startWithCatalogue<Found>('admin@sejours-messins.fr', 'Admin-Metz-2026'));
  });
  after(() => server.close());

  const db = () => server.database.db;
  const version = async () => Number((await tableVersions(db())).appartements);
  const listed = async (): Promise<Page> => {
    const res = await searchApartments<Page>(server, { page: 1, parPage: 48 });
    assert.equal(res.status, 200);
    return res.body;
  };

  it('counts each committed write once, and not a statement that changed no row', async () => {
    const v0 = await version();
    const id = await insertApartmentRow(server, row('version-ajout'));
    assert.equal(await version(), v0 + 1);
    assert.equal((await listed()).total, all.length + 1);
    await db().update(appartements).set({ titre: 'Renommé directement' }).where(eq(appartements.id, id));
    assert.equal(await version(), v0 + 2);
    assert.ok((await listed()).appartements.some((a) => a.titre === 'Renommé directement'));
    await db().update(appartements).set({ titre: 'Personne' }).where(eq(appartements.id, -1));
    assert.equal(await version(), v0 + 2, 'aucune ligne changée');
    await db().delete(appartements).where(eq(appartements.id, id));
    assert.equal(await version(), v0 + 3);
    assert.equal((await listed()).total, all.length);
  });

  it('does not count a rolled back write, nor show it', async () => {
    const v0 = await version();
    const before = await listed();
    await assert.rejects(
      db().transaction(async (tx) => {
        await tx
          .insert(appartements)
          .values({ ...row('version-annulee'), capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } });
        throw new Error('abandon');
      }),
      /abandon/,
    );
    assert.equal(await version(), v0);
    assert.deepEqual(await listed(), before);
  });

  it('keeps its value when the reads fold its rows', async () => {
    const ids: number[] = [];
    for (let i = 0; i <= FOLD_AFTER_ROWS; i += 1) {
      ids.push(await insertApartmentRow(server, { ...row(`version-pli-${i}`), publie: false }));
    }
    const rows = async () => (await db().select().from(ecrituresComptees)).length;
    assert.ok((await rows()) > FOLD_AFTER_ROWS, 'chaque écriture a ajouté sa ligne');
    const v = await version();
    assert.ok((await rows()) <= 2, `${await rows()} lignes après le regroupement`);
    assert.equal(await version(), v, 'la même version après le regroupement');
    await db()
      .delete(appartements)
      .where(sql`${appartements.id} = any(${`{${ids.join(',')}}`}::int[])`);
    assert.equal(await version(), v + 1);
  });

  it('gives the stay price with the taxe de séjour rates as they are now, written past the API', async () => {
    const apartment = all[0]!;
    const arrivee = addDaysIso(todayIn('Europe/Paris'), 60);
    const depart = addDaysIso(arrivee, 3);
    const stayTotal = async () => {
      const res = await searchApartments<Page>(server, { arrivee, depart, adultes: 2, parPage: 48 });
      assert.equal(res.status, 200);
      const devis = await server.request<{ total: number }>(
        'GET',
        `/api/appartements/${apartment.id}/devis?arrivee=${arrivee}&depart=${depart}&adultes=2`,
      );
      assert.equal(devis.status, 200);
      const found = res.body.appartements.find((a) => a.id === apartment.id);
      assert.ok(found?.sejour, 'le logement est libre');
      assert.equal(found.sejour.total, devis.body.total, 'le prix de la recherche est celui du devis');
      return found.sejour.total;
    };
    const withTax = await stayTotal();
    const rates = await db().select().from(taxeSejourTaux);
    assert.ok(rates.length > 0, 'les taux de démonstration');
    await db().delete(taxeSejourTaux);
    try {
      assert.ok((await stayTotal()) < withTax, 'sans taux, plus de taxe de séjour');
    } finally {
      await db().insert(taxeSejourTaux).values(rates);
    }
    assert.equal(await stayTotal(), withTax);
  });

  it('follows another process: not its uncommitted write, its write once committed', { skip: !usingPostgres }, async () => {
    const other = await openDatabase({ databaseUrl: server.config.databaseUrl, dataDir: tmpdir() });
    try {
      const before = await listed();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const inserted = new Promise<void>((resolve) => (written = resolve));
      const transaction = other.db.transaction(async (tx) => {
        await tx
          .insert(appartements)
          .values({ ...row('version-autre'), capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } });
        written();
        await held;
      });
      await inserted;
      assert.deepEqual(await listed(), before, 'pas encore validée');
      release();
      await transaction;
      const after = await listed();
      assert.equal(after.total, before.total + 1);
      assert.ok(after.appartements.some((a) => a.titre === 'Écrit directement version-autre'));
    } finally {
      await other.db.delete(appartements).where(eq(appartements.slug, 'version-autre'));
      await other.close();
    }
    assert.equal((await listed()).total, all.length);
  });
});
