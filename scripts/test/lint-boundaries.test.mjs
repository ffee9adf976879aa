// The import boundaries of eslint.config.mjs catch what they promise (and only that): a remote
// importing another remote or the shell, the kernel importing one of our packages, the front end
// importing the API, a route file querying the database. And `npm run lint` (the ESLint CLI with
// the same config) fails on a deliberate cross-remote import placed in a remote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { root } from '../lib.mjs';

// The boundary rules read no types: the probes below, which exist on no disk, are linted without them.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

/** The rules that fire on `code` as if it were the file at `file` (relative to the root). */
async function rulesFor(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';
const ROUTE_DB = '@typescript-eslint/no-restricted-imports';
const has = (messages, rule) => messages.some((m) => m.startsWith(`${rule}:`));

test('a remote importing another remote, by relative path or by package name, is an error', async () => {
  const relative = await rulesFor('mfe-catalog/src/probe.ts', "export { stayText } from '../../mfe-booking/src/booking/stayText';\n");
  assert.ok(has(relative, BOUNDARY), relative.join('\n'));
  assert.ok(
    relative.some((m) => m.includes('Un remote n’importe ni un autre remote ni le shell')),
    relative.join('\n'),
  );
  const byName = await rulesFor('mfe-catalog/src/probe.ts', "export { stayText } from 'mfe-booking/src/booking/stayText';\n");
  assert.ok(has(byName, BOUNDARY), byName.join('\n'));
});

test('a remote importing the shell is an error; importing the kernel or its own files is not', async () => {
  assert.ok(has(await rulesFor('mfe-admin/src/probe.ts', "export * from '../../shell/src/next-task';\n"), BOUNDARY));
  const allowed = await rulesFor('mfe-catalog/src/probe.ts', "export * from 'shared-kernel';\nexport * from './pages/HomePage';\n");
  assert.ok(!has(allowed, BOUNDARY), allowed.join('\n'));
});

test('the kernel importing one of our packages, and the front end importing the API, are errors', async () => {
  assert.ok(has(await rulesFor('shared-kernel/src/probe.ts', "export * from '../../shell/src/next-task';\n"), BOUNDARY));
  assert.ok(has(await rulesFor('shell/src/probe.ts', "export { REMOTE_NAMES } from '../../api/src/config';\n"), BOUNDARY));
  // mfe-admin has its own `src/api/` folder: importing it is fine (the rule reads resolved paths, not names).
  const ownApi = await rulesFor('mfe-admin/src/probe.ts', "export { adminApi } from './api/adminApi';\n");
  assert.ok(!has(ownApi, BOUNDARY), ownApi.join('\n'));
});

test('a route file importing the database is an error; the AppDb type handed to a service is not', async () => {
  const query = await rulesFor(
    'api/src/modules/ledger/probe-routes.ts',
    "import { eq } from 'drizzle-orm';\nimport { users } from '../../db/schema.js';\nexport const q = [eq, users];\n",
  );
  assert.equal(query.filter((m) => m.startsWith(`${ROUTE_DB}:`)).length, 2, query.join('\n'));
  const typeOnly = await rulesFor(
    'api/src/modules/ledger/probe-routes.ts',
    "import type { AppDb } from '../../db/client.js';\nexport type Db = AppDb;\n",
  );
  assert.ok(!has(typeOnly, ROUTE_DB), typeOnly.join('\n'));
  // A service may query: the rule is for route files only.
  assert.ok(!has(await rulesFor('api/src/modules/ledger/probe.ts', "import { eq } from 'drizzle-orm';\nexport const q = eq;\n"), ROUTE_DB));
});

test('`npm run lint` (the ESLint CLI) fails on a deliberate cross-remote import in a remote', () => {
  const file = path.join(root, 'mfe-catalog', 'src', `lint-probe-${process.pid}.ts`);
  // The probe's coming and going dates its folder, which the build plan reads as a deleted source:
  // the folder gets its date back, or the next `npm start` rebuilds the catalogue for nothing.
  const folder = statSync(path.dirname(file));
  writeFileSync(file, "export { stayText } from '../../mfe-booking/src/booking/stayText';\n");
  try {
    const cli = spawnSync(process.execPath, [path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), path.relative(root, file)], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(cli.status, 1, cli.stdout + cli.stderr);
    assert.match(cli.stdout, /Un remote n’importe ni un autre remote ni le shell/);
    assert.match(cli.stdout, /import-x\/no-restricted-paths/);
  } finally {
    rmSync(file, { force: true });
    utimesSync(path.dirname(file), folder.atime, folder.mtime);
  }
});
