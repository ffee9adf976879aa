/**
 * Every name a package imports from 'react-router' or 'react-router-dom' must be re-exported by the
 * shared router module, or it would be undefined at runtime in the federated build.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const shared = fs.readFileSync(path.join(root, 'tooling', 'react-router-shared.mjs'), 'utf8');
const exported = new Set(
  /export\s*\{([^}]*)\}/
    .exec(shared)[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

function sources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    // src/server.tsx is the server build's entry: there the API's own router answers, not the shared module.
    return /\.(tsx?|jsx?)$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !(entry.name === 'server.tsx' && path.basename(dir) === 'src')
      ? [full]
      : [];
  });
}

const frontPackages = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'webpack.config.cjs')));

test('there are front-end packages to check', () => {
  expect(frontPackages).toEqual(expect.arrayContaining(['shell', 'mfe-catalog']));
});

test.each(frontPackages)('%s imports from the router only what the shared router module exports', (pkg) => {
  const missing = [];
  for (const file of sources(path.join(root, pkg, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'react-router(?:-dom)?'/g)) {
      if (/import\s+type/.test(match[0])) continue;
      for (const raw of match[1].split(',')) {
        const name = raw
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name && !raw.trim().startsWith('type ') && !exported.has(name)) missing.push(`${path.relative(root, file)}: ${name}`);
      }
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s+'react-router(-dom)?'/.test(text)) missing.push(`${path.relative(root, file)}: import *`);
  }
  expect(missing).toEqual([]);
});
