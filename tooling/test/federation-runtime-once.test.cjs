/**
 * The federation runtime is bundled once per package: its CommonJS and ES builds both ended up in
 * the shell's main.js before webpack.cjs sent every request to the ES build (188 KB -> 95 KB).
 * Reads the source maps of the production build (`npm test` builds first).
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');
const frontPackages = fs.readdirSync(root).filter((d) => fs.existsSync(path.join(root, d, 'webpack.config.cjs')));

/** For each runtime package in the browser build's sources (every chunk): the formats it came in. */
function runtimeFormats(dist) {
  const sources = fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.js.map'))
    .flatMap((f) => JSON.parse(fs.readFileSync(path.join(dist, f), 'utf8')).sources);
  const formats = new Map();
  for (const source of sources) {
    const match = /@module-federation\/(runtime-core|sdk)\/dist\/.*\.(c?js|mjs)$/.exec(source);
    if (!match) continue;
    const set = formats.get(match[1]) ?? new Set();
    set.add(match[2] === 'cjs' ? 'CommonJS' : 'ES');
    formats.set(match[1], set);
  }
  return formats;
}

/** The browser build of a package: the shell's dist/, a remote's current release (release.cjs). */
function browserBuild(pkg) {
  const dist = path.join(root, pkg, 'dist');
  const pointer = path.join(dist, 'current.json');
  return fs.existsSync(pointer) ? path.join(dist, 'releases', JSON.parse(fs.readFileSync(pointer, 'utf8')).release) : dist;
}

test.each(frontPackages)('%s carries the federation runtime in one format only', (pkg) => {
  const dist = browserBuild(pkg);
  if (!fs.existsSync(dist)) throw new Error(`${pkg} : pas de build de production (lancez « npm run build »).`);
  const formats = runtimeFormats(dist);
  expect(formats.size).toBeGreaterThan(0);
  for (const [name, set] of formats) expect([name, [...set]]).toEqual([name, ['ES']]);
});
