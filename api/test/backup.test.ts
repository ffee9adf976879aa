/**
 * `npm run backup` then `npm run restore` (the real commands, as child processes): back up,
 * destroy, restore into an empty database, and find every row of every table and every upload.
 * On embedded PGlite, and on PostgreSQL when TEST_DB=postgres.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createTestDatabase, TEST_SCRYPT_COST, usingPostgres } from './helpers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The root npm scripts' entry, as `npm run backup` / `npm run restore -- <dossier>` call it. */
function ops(command: 'backup' | 'restore', env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'ops.mjs'), command, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Every row of every table (application and migrations), as sorted JSON texts. */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const tables = (await database.db.execute(
    sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: Array<{ name: string }> };
  const all: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.');
    const rows = (await database.db.execute(sql.raw(`select to_jsonb(t)::text as row from "${schema}"."${table}" t`))) as unknown as {
      rows: Array<{ row: string }>;
    };
    all[name] = rows.rows.map((r) => r.row).sort();
  }
  return all;
}

function settings(dataDir: string, databaseUrl: string | null) {
  return loadConfig({}, { dataDir, databaseUrl, scryptCost: TEST_SCRYPT_COST, logLevel: 'silent' });
}

async function fillDataDir(dataDir: string, databaseUrl: string | null): Promise<{ rows: Record<string, string[]>; avatar: Buffer }> {
  const database = await prepareDatabase(settings(dataDir, databaseUrl));
  try {
    await database.db.execute(
      sql`insert into users (nom, email, password_hash, role) values ('Zoé Sauvegarde', 'zoe.sauvegarde@exemple.fr', 'x', 'client')`,
    );
    const rows = await snapshot(database);
    assert.ok(Object.keys(rows).length >= 5, 'several tables');
    assert.ok((rows['public.appartements'] ?? []).length > 0 && (rows['drizzle.__drizzle_migrations'] ?? []).length > 0);
    const avatar = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]);
    mkdirSync(path.join(dataDir, 'uploads', 'avatars'), { recursive: true });
    writeFileSync(path.join(dataDir, 'uploads', 'avatars', '7-abc.webp'), avatar);
    return { rows, avatar };
  } finally {
    await database.close();
  }
}

/** The restored data directory holds what fillDataDir wrote: every table's rows and the avatar file. */
async function assertRestored(dataDir: string, databaseUrl: string | null, rows: Record<string, string[]>, avatar: Buffer): Promise<void> {
  const reopened = await prepareDatabase(settings(dataDir, databaseUrl));
  try {
    assert.deepEqual(await snapshot(reopened), rows);
  } finally {
    await reopened.close();
  }
  assert.deepEqual(readFileSync(path.join(dataDir, 'uploads', 'avatars', '7-abc.webp')), avatar);
}

function onlyBackup(dataDir: string): string {
  const names = readdirSync(path.join(dataDir, 'backups'));
  assert.equal(names.length, 1, names.join(', '));
  assert.match(names[0]!, /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/);
  return path.join(dataDir, 'backups', names[0]!);
}

describe('backup and restore', () => {
  it('on the embedded database: refuses while the server holds it, then backs up, restores into an empty folder only, and every row comes back', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-backup-'));
    try {
      const { rows, avatar } = await fillDataDir(dataDir, null);
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

      // This test process plays the running server: it holds the data folder's lock.
      const held = await prepareDatabase(settings(dataDir, null));
      const refused = ops('backup', env);
      await held.close();
      assert.equal(refused.code, 2);
      assert.match(
        refused.err,
        /Sauvegarde impossible pendant que le serveur tourne sur la base embarquée : La base embarquée .* est déjà utilisée par le processus \d+/,
      );
      assert.equal(
        existsSync(path.join(dataDir, 'backups')) ? readdirSync(path.join(dataDir, 'backups')).length : 0,
        0,
        'no partial backup left',
      );

      const done = ops('backup', env);
      assert.equal(done.code, 0, done.err);
      const folder = onlyBackup(dataDir);
      assert.equal(done.out.trim(), `Sauvegarde écrite dans ${folder}`);
      assert.deepEqual(JSON.parse(readFileSync(path.join(folder, 'manifest.json'), 'utf8')).database, 'pglite');

      // A database with data in it is never overwritten.
      const busy = ops('restore', env, folder);
      assert.equal(busy.code, 2);
      assert.match(busy.err, /La base de destination n'est pas vide \(\d+ table\(s\)\)/);

      // Disaster: the database and the uploads are gone.
      rmSync(path.join(dataDir, 'pglite'), { recursive: true });
      rmSync(path.join(dataDir, 'uploads'), { recursive: true });
      const restored = ops('restore', env, folder);
      assert.equal(restored.code, 0, restored.err);
      assert.match(restored.out, /restaurée \(base embarquée, 1 fichier\(s\) envoyé\(s\)\)/);

      await assertRestored(dataDir, null, rows, avatar);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(
    'on PostgreSQL: pg_dump while running, restore into an empty database only, every row comes back',
    { skip: !usingPostgres && 'TEST_DB=postgres non défini' },
    async () => {
      const source = await createTestDatabase(true);
      const target = await createTestDatabase(true);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'sm-backup-pg-'));
      try {
        const { rows, avatar } = await fillDataDir(dataDir, source.databaseUrl);
        // The server may keep running: the backup is taken with the source database open.
        const running = await prepareDatabase(settings(dataDir, source.databaseUrl));
        const done = ops('backup', { DATA_DIR: dataDir, DATABASE_URL: source.databaseUrl! });
        await running.close();
        assert.equal(done.code, 0, done.err);
        const folder = onlyBackup(dataDir);

        const wrongKind = ops('restore', { DATA_DIR: dataDir, DATABASE_URL: '' }, folder);
        assert.equal(wrongKind.code, 2);
        assert.match(wrongKind.err, /Cette sauvegarde vient de PostgreSQL/);

        rmSync(path.join(dataDir, 'uploads'), { recursive: true });
        const restored = ops('restore', { DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl! }, folder);
        assert.equal(restored.code, 0, restored.err);
        const again = ops('restore', { DATA_DIR: dataDir, DATABASE_URL: target.databaseUrl! }, folder);
        assert.equal(again.code, 2);
        assert.match(again.err, /La base de destination n'est pas vide/);

        await assertRestored(dataDir, target.databaseUrl, rows, avatar);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await source.drop();
        await target.drop();
      }
    },
  );
});
