/** The build skips what is up to date and rebuilds a changed package and whatever depends on it. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { planBuild, readPackages, sharedNewest, writeStamp } from '../build-plan.mjs';

const rebuilt = (plan) => plan.filter((p) => p.reason).map((p) => p.name);
const T = 1_700_000_000_000;

test('planBuild: tout est à jour, rien n’est reconstruit', () => {
  const plan = planBuild(
    [
      { name: 'shared-kernel', deps: [], newestInput: T, builtAt: T + 10 },
      { name: 'api', deps: ['shared-kernel'], newestInput: T, builtAt: T + 20 },
      { name: 'shell', deps: ['shared-kernel'], newestInput: T, builtAt: T + 30 },
    ],
    T,
  );
  assert.deepEqual(rebuilt(plan), []);
});

test('planBuild: un source modifié reconstruit son paquet seulement', () => {
  const plan = planBuild(
    [
      { name: 'shared-kernel', deps: [], newestInput: T, builtAt: T + 10 },
      { name: 'api', deps: ['shared-kernel'], newestInput: T, builtAt: T + 20 },
      { name: 'mfe-catalog', deps: ['shared-kernel'], newestInput: T + 25, builtAt: T + 20 },
      { name: 'shell', deps: ['shared-kernel'], newestInput: T, builtAt: T + 30 },
    ],
    T,
  );
  assert.deepEqual(rebuilt(plan), ['mfe-catalog']);
});

test('planBuild: le noyau modifié reconstruit tous ses dépendants', () => {
  const plan = planBuild(
    [
      { name: 'shared-kernel', deps: [], newestInput: T + 50, builtAt: T + 10 },
      { name: 'api', deps: ['shared-kernel'], newestInput: T, builtAt: T + 20 },
      { name: 'lonely', deps: [], newestInput: T, builtAt: T + 20 },
      { name: 'shell', deps: ['shared-kernel'], newestInput: T, builtAt: T + 30 },
    ],
    T,
  );
  assert.deepEqual(rebuilt(plan), ['shared-kernel', 'api', 'shell']);
  assert.equal(plan.find((p) => p.name === 'api')?.reason, 'shared-kernel reconstruit');
});

test('planBuild: un noyau reconstruit à part après un dépendant rend ce dépendant périmé', () => {
  const plan = planBuild(
    [
      { name: 'shared-kernel', deps: [], newestInput: T, builtAt: T + 40 },
      { name: 'api', deps: ['shared-kernel'], newestInput: T, builtAt: T + 20 },
    ],
    T,
  );
  assert.deepEqual(rebuilt(plan), ['api']);
});

test('planBuild: jamais construit, ou outillage / lockfile modifié', () => {
  assert.deepEqual(rebuilt(planBuild([{ name: 'api', deps: [], newestInput: T, builtAt: null }], T)), ['api']);
  const plan = planBuild(
    [
      { name: 'shared-kernel', deps: [], newestInput: T, builtAt: T + 10 },
      { name: 'shell', deps: ['shared-kernel'], newestInput: T, builtAt: T + 30 },
    ],
    T + 20,
  );
  assert.deepEqual(rebuilt(plan), ['shared-kernel', 'shell']);
});

test('readPackages + writeStamp sur de vrais fichiers : seul le paquet touché (et les dépendants du noyau) est reconstruit', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'sm-build-plan-'));
  try {
    const at = (file, ms) => utimesSync(file, ms / 1000, ms / 1000);
    const pkg = (name, deps) => {
      mkdirSync(path.join(root, name, 'src'), { recursive: true });
      mkdirSync(path.join(root, name, 'dist'), { recursive: true });
      mkdirSync(path.join(root, name, 'test'), { recursive: true });
      writeFileSync(
        path.join(root, name, 'package.json'),
        JSON.stringify({ name, dependencies: Object.fromEntries(deps.map((d) => [d, '0.1.0'])) }),
      );
      writeFileSync(path.join(root, name, 'src', 'index.ts'), 'export {}');
      writeFileSync(path.join(root, name, 'test', 'a.test.ts'), '');
      for (const f of ['package.json', 'src/index.ts', 'src', 'test/a.test.ts', 'test', 'dist', '.']) at(path.join(root, name, f), T);
    };
    pkg('shared-kernel', []);
    pkg('api', ['shared-kernel']);
    pkg('shell', ['shared-kernel']);
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
    at(path.join(root, 'package-lock.json'), T);
    mkdirSync(path.join(root, 'tooling', 'node24'), { recursive: true });
    writeFileSync(path.join(root, 'tooling', 'webpack.cjs'), '');
    writeFileSync(path.join(root, 'tooling', 'node24', 'package-lock.json'), '{}');
    for (const f of ['tooling/webpack.cjs', 'tooling/node24/package-lock.json', 'tooling/node24', 'tooling']) at(path.join(root, f), T);
    const names = ['shared-kernel', 'api', 'shell'];
    for (const name of names) writeStamp(root, name, T + 1000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), []);

    // A test file is not a build input.
    at(path.join(root, 'api', 'test', 'a.test.ts'), T + 5000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), []);

    // Nor the tests' Node 24, which `npm test` installs after building: `npm start` then rebuilds nothing.
    mkdirSync(path.join(root, 'tooling', 'node24', 'node_modules'));
    for (const f of ['tooling/node24/package-lock.json', 'tooling/node24']) at(path.join(root, f), T + 5000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), []);
    // The build's own tooling is one.
    at(path.join(root, 'tooling', 'webpack.cjs'), T + 5000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), names);
    at(path.join(root, 'tooling', 'webpack.cjs'), T);

    at(path.join(root, 'shell', 'src', 'index.ts'), T + 5000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), ['shell']);
    writeStamp(root, 'shell', T + 6000);

    at(path.join(root, 'shared-kernel', 'src', 'index.ts'), T + 7000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), names);

    for (const name of names) writeStamp(root, name, T + 8000);
    at(path.join(root, 'package-lock.json'), T + 9000);
    assert.deepEqual(rebuilt(planBuild(readPackages(root, names), sharedNewest(root))), names);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
