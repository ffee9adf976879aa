import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { count } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { appartements, taxeSejourTaux, users } from '../src/db/schema.js';
import { DataDirLockedError } from '../src/db/pglite-lock.js';
import { seedDemoData } from '../src/seed/seed.js';
import { loadTaux, saveTaux } from '../src/modules/pricing/taux.js';
import { todayIn } from 'shared-kernel/rules';
import { hashPassword, verifyPassword } from '../src/auth/password.js';
import { createTestDatabase, usingPostgres, TEST_SCRYPT_COST } from './helpers.js';

describe('database', () => {
  it('applies the migrations and the demo data once, however often it starts', async () => {
    const testDb = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: tmpdir(), inMemory: true });
    try {
      await database.migrate();
      await database.migrate();
      const first = await seedDemoData(database.db, TEST_SCRYPT_COST);
      const second = await seedDemoData(database.db, TEST_SCRYPT_COST);
      assert.ok(first.apartments >= 12);
      assert.equal(first.accounts, 2);
      assert.deepEqual(second, { apartments: 0, accounts: 0, reviews: 0, tauxTaxeSejour: 0 });
      // Example taxe de séjour rates for this year and the next, marked as examples.
      const year = Number(todayIn('Europe/Paris').slice(0, 4));
      assert.equal(first.tauxTaxeSejour, 2);
      const taux = await loadTaux(database.db);
      assert.deepEqual(
        taux.map((t) => t.annee),
        [year, year + 1],
      );
      assert.deepEqual(taux[0], {
        annee: year,
        pourcentageNonClasse: 5,
        plafondNonClasse: 2.5,
        parEtoiles: { '1': 0.85, '2': 0.95, '3': 1.3, '4': 1.6, '5': 2.5 },
        taxeAdditionnelle: 10,
      });
      const stored = await database.db.select().from(taxeSejourTaux);
      assert.ok(stored.every((r) => String((r.taux as { note?: unknown }).note).startsWith('Exemple de démonstration')));
      assert.ok(first.reviews >= 20, 'demo reviews are loaded with the apartments');
      const [a] = await database.db.select({ n: count() }).from(appartements);
      const [u] = await database.db.select({ n: count() }).from(users);
      assert.equal(a?.n, first.apartments);
      assert.ok((u?.n ?? 0) > 2, 'demo accounts plus the guests who wrote the demo reviews');
    } finally {
      await database.close();
      await testDb.drop();
    }
  });

  it('never overwrites the taxe de séjour rates an admin entered before the demo data', async () => {
    const testDb = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: tmpdir(), inMemory: true });
    try {
      await database.migrate();
      const admin = {
        pourcentageNonClasse: 3,
        plafondNonClasse: 1.2,
        parEtoiles: { '1': 0.5, '2': 0.6, '3': 0.7, '4': 0.8, '5': 0.9 },
        taxeAdditionnelle: 0,
      };
      await saveTaux(database.db, 2030, admin);
      const report = await seedDemoData(database.db, TEST_SCRYPT_COST);
      assert.equal(report.tauxTaxeSejour, 0);
      assert.deepEqual(await loadTaux(database.db), [{ annee: 2030, ...admin }]);
    } finally {
      await database.close();
      await testDb.drop();
    }
  });

  it('refuses to open an embedded database folder another process holds', { skip: usingPostgres }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sm-lock-'));
    const first = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      await assert.rejects(
        openDatabase({ databaseUrl: null, dataDir: dir }),
        (error: unknown) => error instanceof DataDirLockedError && /déjà utilisée par le processus/.test(error.message),
      );
    } finally {
      await first.close();
    }
    // released on close: the folder opens again, with its data
    const again = await openDatabase({ databaseUrl: null, dataDir: dir });
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('configuration and passwords', () => {
  it('defaults to the OWASP scrypt cost and the embedded database under ./data', () => {
    const config = loadConfig({});
    assert.equal(config.scryptCost, 131072);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.port, 5000);
    assert.match(config.dataDir, /[/\\]data$/);
  });

  it('refuses a malformed numeric setting with a clear message', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT doit être un entier/);
  });

  it('takes MAP_STYLE_URL as an http(s) address or a path of the site, refuses anything else, and offers no map without it', () => {
    assert.equal(loadConfig({}).mapStyleUrl, null);
    assert.equal(loadConfig({ MAP_STYLE_URL: 'https://tuiles.exemple.fr/style.json' }).mapStyleUrl, 'https://tuiles.exemple.fr/style.json');
    assert.equal(loadConfig({ MAP_STYLE_URL: '/carte/style.json' }).mapStyleUrl, '/carte/style.json');
    for (const raw of ['javascript:alert(1)', '//ailleurs.fr/style.json', 'tuiles.exemple.fr/style.json'])
      assert.throws(
        () => loadConfig({ MAP_STYLE_URL: raw }),
        /MAP_STYLE_URL : « .* » n'est ni une adresse http\(s\) ni un chemin du site/,
        raw,
      );
  });

  it('verifies a password against its hash at the production cost, and nothing else', async () => {
    const hash = await hashPassword('un-mot-de-passe', 131072);
    assert.match(hash, /^scrypt\$131072\$8\$1\$/);
    assert.equal(await verifyPassword('un-mot-de-passe', hash), true);
    assert.equal(await verifyPassword('un-autre', hash), false);
    assert.equal(await verifyPassword('un-mot-de-passe', null), false);
  });
});
