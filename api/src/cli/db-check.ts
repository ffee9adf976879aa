/**
 * `npm run db:check -w api` (also run by `npm test`): fails when the Drizzle schema (src/db/schema.ts)
 * and the SQL migrations (drizzle/) differ, so that the next `drizzle-kit generate` neither re-creates
 * existing tables nor misses a hand-written change. Two checks:
 * 1. generate: on a copy of drizzle/, `drizzle-kit generate` must find nothing to write (schema.ts
 *    equals the snapshot of the last migration);
 * 2. migrations: every migration applied to a fresh embedded database, then read back with
 *    `drizzle-kit pull`, must hold the tables, columns, indexes, keys and checks schema.ts declares.
 *    Constraint names are not compared for foreign and unique keys (hand-written SQL lets PostgreSQL
 *    name them), nor objects Drizzle does not model (triggers, exclusion constraints, functions).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.js';
import { compareSnapshots, type Snapshot } from '../db/schema-diff.js';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const drizzleKit = path.join(apiDir, 'node_modules', '.bin', 'drizzle-kit');
const kitBin = existsSync(drizzleKit) ? drizzleKit : path.join(apiDir, '..', 'node_modules', '.bin', 'drizzle-kit');

/** drizzle-kit resolves `out` relative to the working directory and reads its config with `require`: both live in api/. */
function kit(work: string, args: string[], config: string): { ok: boolean; output: string } {
  const file = path.join(work, `drizzle.${args[0]}.config.ts`);
  writeFileSync(file, `import { defineConfig } from 'drizzle-kit';\nexport default defineConfig(${config});\n`);
  const run = spawnSync(kitBin, [...args, '--config', path.relative(apiDir, file)], {
    cwd: apiDir,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

const rel = (dir: string) => `./${path.relative(apiDir, dir)}`;

function generateFindsNothing(work: string): string[] {
  const out = path.join(work, 'generate');
  cpSync(path.join(apiDir, 'drizzle'), out, { recursive: true });
  const before = readdirSync(out).length;
  const run = kit(work, ['generate'], `{ dialect: 'postgresql', schema: './src/db/schema.ts', out: '${rel(out)}' }`);
  // drizzle-kit may exit 0 after an error (a rename question it cannot ask without a terminal).
  if (!run.ok || /error/i.test(run.output))
    return [
      `drizzle-kit generate a échoué (une question de renommage veut dire que le dernier instantané ne correspond pas au schéma) :\n${run.output.trim()}`,
    ];
  if (readdirSync(out).length > before) {
    const sql = readdirSync(out)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1)!;
    return [
      `schema.ts diffère de l'instantané de la dernière migration : drizzle-kit generate écrirait ${sql} :\n${readFileSync(path.join(out, sql), 'utf8').trim()}`,
    ];
  }
  return [];
}

function snapshotOf(dir: string): Snapshot {
  const meta = path.join(dir, 'meta');
  const file = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1)!;
  return JSON.parse(readFileSync(path.join(meta, file), 'utf8')) as Snapshot;
}

async function migrationsMatchSchema(work: string): Promise<string[]> {
  const fresh = path.join(work, 'schema');
  mkdirSync(fresh);
  const generated = kit(work, ['generate'], `{ dialect: 'postgresql', schema: './src/db/schema.ts', out: '${rel(fresh)}' }`);
  if (!generated.ok) return [`drizzle-kit generate (schéma seul) a échoué :\n${generated.output.trim()}`];
  const dataDir = path.join(work, 'data');
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  await database.close();
  const pulled = path.join(work, 'pulled');
  const pull = kit(
    work,
    ['pull'],
    `{ dialect: 'postgresql', driver: 'pglite', out: '${rel(pulled)}', dbCredentials: { url: '${rel(path.join(dataDir, 'pglite'))}' } }`,
  );
  if (!pull.ok) return [`drizzle-kit pull a échoué :\n${pull.output.trim()}`];
  return compareSnapshots(snapshotOf(fresh), snapshotOf(pulled));
}

const work = mkdtempSync(path.join(apiDir, '.db-check-'));
try {
  const problems = [...generateFindsNothing(work), ...(await migrationsMatchSchema(work))];
  if (problems.length > 0) {
    console.error(`✖ Le schéma Drizzle et les migrations diffèrent (${problems.length}) :\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    console.error(
      '  Modifiez src/db/schema.ts puis `npm run migrations:new -w api` (SQL et instantané) ; voir ARCHITECTURE.md, « Migrations ».',
    );
    process.exitCode = 1;
  } else {
    console.log('✔ Schéma Drizzle et migrations identiques : drizzle-kit generate ne trouve rien à écrire.');
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
