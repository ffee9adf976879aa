/**
 * Backups of the database and the uploaded files, and their restoration into an empty database.
 * - Embedded PGlite: PGlite's own dump of its data folder (a tarball). PGlite is one process's
 *   database and the server holds its lock, so a backup (or a restore) refuses while the server runs
 *   on that DATA_DIR: stop it, back up, start it again (a few seconds with nothing rebuilt).
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot, the server keeps running), restored
 *   with `pg_restore` into an empty database.
 * Each backup is a folder DATA_DIR/backups/<timestamp> with manifest.json, the dump, uploads/ and the
 * generated token secret (so sessions survive a restore). It is written under a `.partial` name and
 * renamed when complete: a folder without that suffix is a whole backup.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import { DataDirLockedError, lockDataDir } from '../db/pglite-lock.js';

const run = promisify(execFile);

/** A refusal the operator can act on (French message, exit code 2). */
export class BackupRefused extends Error {}

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Files copied from DATA_DIR/uploads. */
  uploads: number;
}

const PGLITE_DUMP = 'pglite.tar.gz';
const PG_DUMP = 'database.pgdump';
const SECRET = 'jwt-secret';

const pgliteDir = (config: AppConfig) => path.join(config.dataDir, 'pglite');

function lockOrRefuse(config: AppConfig, action: string): () => void {
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupRefused(
        `${action} impossible pendant que le serveur tourne sur la base embarquée : ${error.message} (PostgreSQL, lui, se sauvegarde à chaud.)`,
      );
    }
    throw error;
  }
}

/** The URL without its password (which goes to PGPASSWORD): a command line is visible to every local user. */
function pgTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function tool(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024, env });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupRefused(
        `${command} est introuvable : installez le client PostgreSQL (paquet Debian « postgresql-client », même version que le serveur).`,
      );
    throw new BackupRefused(`${command} a échoué : ${(e.stderr ?? e.message).trim()}`);
  }
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}

/** Writes a backup and returns its folder. */
export async function backup(config: AppConfig, now = new Date()): Promise<string> {
  const backups = path.join(config.dataDir, 'backups');
  const folder = path.join(backups, now.toISOString().replace(/[:.]/g, '-'));
  const partial = `${folder}.partial`;
  if (existsSync(folder)) throw new BackupRefused(`Une sauvegarde existe déjà : ${folder}.`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    if (config.databaseUrl) {
      const target = pgTarget(config.databaseUrl);
      await tool('pg_dump', ['--format=custom', `--file=${path.join(partial, PG_DUMP)}`, `--dbname=${target.dbname}`], target.env);
    } else {
      if (!existsSync(pgliteDir(config))) throw new BackupRefused(`Aucune base embarquée dans ${config.dataDir} : rien à sauvegarder.`);
      const unlock = lockOrRefuse(config, 'Sauvegarde');
      try {
        const client = await PGlite.create({ dataDir: pgliteDir(config), extensions: { btree_gist } });
        try {
          const dump = await client.dumpDataDir('gzip');
          writeFileSync(path.join(partial, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
        } finally {
          await client.close();
        }
      } finally {
        unlock();
      }
    }
    const uploads = path.join(config.dataDir, 'uploads');
    if (existsSync(uploads)) cpSync(uploads, path.join(partial, 'uploads'), { recursive: true });
    if (existsSync(path.join(config.dataDir, SECRET))) cpSync(path.join(config.dataDir, SECRET), path.join(partial, SECRET));
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      uploads: countFiles(uploads),
    };
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, folder);
    return folder;
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

function readManifest(folder: string): Manifest {
  const file = path.join(folder, 'manifest.json');
  if (!existsSync(file)) throw new BackupRefused(`${folder} n'est pas une sauvegarde : manifest.json introuvable.`);
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  if (manifest.format !== 1 || !['pglite', 'postgres'].includes(manifest.database))
    throw new BackupRefused(`Format de sauvegarde inconnu dans ${file}.`);
  return manifest;
}

const TABLES_SQL =
  "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')";
const notEmpty = (n: number) =>
  new BackupRefused(
    `La base de destination n'est pas vide (${n} table(s)) : la restauration se fait dans une base vide, jamais par-dessus des données.`,
  );

/** Restores a backup folder into the configured (empty) database and DATA_DIR. */
export async function restore(config: AppConfig, folder: string): Promise<Manifest> {
  const manifest = readManifest(folder);
  if (manifest.database === 'postgres' && !config.databaseUrl) {
    throw new BackupRefused('Cette sauvegarde vient de PostgreSQL : indiquez la base vide de destination avec DATABASE_URL.');
  }
  if (manifest.database === 'pglite' && config.databaseUrl) {
    throw new BackupRefused('Cette sauvegarde vient de la base embarquée : retirez DATABASE_URL pour la restaurer dans DATA_DIR.');
  }
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(TABLES_SQL);
      if (rows[0]!.n > 0) throw notEmpty(rows[0]!.n);
    } finally {
      await client.end();
    }
    const target = pgTarget(config.databaseUrl);
    await tool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, path.join(folder, PG_DUMP)],
      target.env,
    );
  } else {
    const unlock = lockOrRefuse(config, 'Restauration');
    try {
      const dir = pgliteDir(config);
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        const existing = await PGlite.create({ dataDir: dir, extensions: { btree_gist } });
        const { rows } = await existing.query<{ n: number }>(TABLES_SQL).finally(() => existing.close());
        if (rows[0]!.n > 0) throw notEmpty(rows[0]!.n);
      }
      rmSync(dir, { recursive: true, force: true });
      const dump = new Blob([readFileSync(path.join(folder, PGLITE_DUMP))]);
      const client = await PGlite.create({ dataDir: dir, loadDataDir: dump, extensions: { btree_gist } });
      await client.close();
    } finally {
      unlock();
    }
  }
  // Files already present are kept: the restore never overwrites.
  if (existsSync(path.join(folder, 'uploads')))
    cpSync(path.join(folder, 'uploads'), path.join(config.dataDir, 'uploads'), { recursive: true, force: false });
  if (existsSync(path.join(folder, SECRET)) && !existsSync(path.join(config.dataDir, SECRET))) {
    mkdirSync(config.dataDir, { recursive: true });
    cpSync(path.join(folder, SECRET), path.join(config.dataDir, SECRET));
  }
  return manifest;
}
