/**
 * A remote's release (issue 29). A production build of a remote writes everything it makes — browser
 * files, `mf-manifest.json`, the server build — into `dist/.staging/`, then publishes it:
 *
 *   dist/releases/<id>/            the whole release, never changed once published (<id>: hash of its files)
 *     mf-manifest.json             with `release: { id, kernel }` added (the kernel contract, below)
 *     remoteEntry.js, chunks, CSS  (with their .br/.gz copies)
 *     server/server-manifest.json  naming server.<hash>.js, with its sha256 and kernel contract
 *     release.json                 id, date, kernel contract (browser and server together)
 *   dist/current.json              the pointer: { "release": "<id>" }, switched by one rename
 *
 * The server and the runtime configuration read the release named by the pointer, so a page's HTML
 * and the browser code it references always come from one release, and a build is live only once it
 * is complete. The last `REMOTE_KEEP_RELEASES` releases (default 3) stay, so a tab opened before a
 * deploy keeps finding its chunks. Nothing here is specific to one origin: a remote deployed
 * elsewhere is published with the same layout (the API follows `current.json` next to its manifest).
 *
 * The kernel contract: the exports of `shared-kernel` the remote's code imports, and the kernel
 * version it was built against (range `^version`). The build fails when an import is not among the
 * exports recorded for that released version (shared-kernel/released-exports.json); the host refuses
 * a release whose range or imports its own kernel cannot satisfy (server and browser).
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { parseEnv } = require('node:util');
const zlib = require('node:zlib');
const { writeStamp } = require('../scripts/build-stamp.cjs');
const { signServerBuild, signingKeyFor } = require('./signing.cjs');

const STAGING = '.staging';
const RELEASES = 'releases';
const POINTER = 'current.json';
const DEFAULT_KEEP = 3;
/** Names a release folder may have (the API refuses any other pointer). */
const RELEASE_ID = /^[0-9a-f]{12}$/;

/** Files the build compresses, and how (compression-webpack-plugin in webpack.cjs uses the same). */
const COMPRESSIBLE = /\.(js|css|json|svg)$/;
const COMPRESS_THRESHOLD = 1024;
const BROTLI_QUALITY = 11;
const GZIP_LEVEL = 9;

const repoRoot = path.resolve(__dirname, '..');

/** `REMOTE_KEEP_RELEASES` from the environment, else from the repository's `.env`, else 3. */
function keepReleases(env = process.env) {
  let raw = env.REMOTE_KEEP_RELEASES;
  if (raw === undefined) {
    try {
      raw = parseEnv(fs.readFileSync(path.join(repoRoot, '.env'), 'utf8')).REMOTE_KEEP_RELEASES;
    } catch {
      // No .env: the default.
    }
  }
  if (raw === undefined || raw === '') return DEFAULT_KEEP;
  const keep = Number(raw);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`REMOTE_KEEP_RELEASES doit être un entier d'au moins 1 (reçu « ${raw} »).`);
  return keep;
}

/** The exports of `shared-kernel` a compilation's modules import (named imports and re-exports). */
function kernelImports(compilation) {
  const used = new Set();
  for (const module of compilation.modules) {
    for (const dependency of module.dependencies ?? []) {
      if (dependency.request !== 'shared-kernel' || typeof dependency.getIds !== 'function') continue;
      const [name] = dependency.getIds(compilation.moduleGraph);
      if (typeof name === 'string') used.add(name);
    }
  }
  return [...used].sort();
}

/** The exports recorded for each released kernel version. */
function releasedKernelExports(kernelDir) {
  return JSON.parse(fs.readFileSync(path.join(kernelDir, 'released-exports.json'), 'utf8'));
}

/** Why `uses` cannot be built against kernel `version` (French), or null. */
function kernelImportProblem(name, version, uses, released) {
  const exports = released[version];
  if (!Array.isArray(exports))
    return `Le noyau ${version} n'est pas publié : ses exports ne sont pas dans shared-kernel/released-exports.json.`;
  const known = new Set(exports);
  const missing = uses.filter((use) => !known.has(use));
  if (missing.length === 0) return null;
  return `${name} importe ${missing.map((m) => `« ${m} »`).join(', ')} de shared-kernel, absent(s) du noyau publié ${version} (shared-kernel/released-exports.json) : publiez une nouvelle version du noyau qui les exporte.`;
}

function filesUnder(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** Rewrites a JSON file, and its compressed copies when the build would have made them. */
function writeJson(file, value) {
  const text = Buffer.from(JSON.stringify(value, null, 2));
  fs.writeFileSync(file, text);
  for (const copy of [`${file}.br`, `${file}.gz`]) fs.rmSync(copy, { force: true });
  if (text.length < COMPRESS_THRESHOLD || !COMPRESSIBLE.test(file)) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: GZIP_LEVEL }));
}

/**
 * Publishes the staged build of a remote: moves it to `releases/<id>/`, switches `current.json` by
 * a rename, removes the releases beyond `keep` (oldest switch first) and the files of the layout
 * before releases. Returns the release id.
 */
function publishRelease({ dist, name, kernel, keep, now = Date.now(), signingKey = null }) {
  const staging = path.join(dist, STAGING);
  const files = filesUnder(staging).sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(staging, file)))
      .update('\0');
  const id = hash.digest('hex').slice(0, 12);

  const manifestFile = path.join(staging, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.release = { id, kernel: kernel.browser };
  writeJson(manifestFile, manifest);

  const serverManifestFile = path.join(staging, 'server', 'server-manifest.json');
  const hasServer = fs.existsSync(serverManifestFile);
  if (hasServer) {
    const serverManifest = JSON.parse(fs.readFileSync(serverManifestFile, 'utf8'));
    // The digest lets the API check the file it loads is the one the manifest names; the signature
    // (issue 28, signing.cjs) over that digest says this remote's publisher made it.
    const code = fs.readFileSync(path.join(staging, 'server', serverManifest.file));
    serverManifest.sha256 = createHash('sha256').update(code).digest('hex');
    serverManifest.kernel = kernel.server;
    serverManifest.signature = signServerBuild(code, (signingKey ?? signingKeyFor(name)).key);
    writeJson(serverManifestFile, serverManifest);
  }
  const uses = [...new Set([...kernel.browser.uses, ...(hasServer ? kernel.server.uses : [])])].sort();
  writeJson(path.join(staging, 'release.json'), {
    name,
    id,
    publishedAt: new Date(now).toISOString(),
    kernel: { version: kernel.browser.version, range: kernel.browser.range, uses },
    browser: 'mf-manifest.json',
    server: hasServer ? 'server/server-manifest.json' : null,
  });

  const releases = path.join(dist, RELEASES);
  fs.mkdirSync(releases, { recursive: true });
  const target = path.join(releases, id);
  if (fs.existsSync(target)) fs.rmSync(staging, { recursive: true, force: true });
  else fs.renameSync(staging, target);
  // The order of switches decides what is pruned: the release just switched to is the newest.
  fs.utimesSync(target, now / 1000, now / 1000);

  const pointer = path.join(dist, POINTER);
  const temporary = `${pointer}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ release: id, publishedAt: new Date(now).toISOString() }));
  fs.renameSync(temporary, pointer);

  pruneReleases(dist, id, keep);
  // The layout before releases (files at the top of dist/): nothing references them any more.
  for (const entry of fs.readdirSync(dist)) {
    if (![RELEASES, POINTER, STAGING, '.build-stamp'].includes(entry)) fs.rmSync(path.join(dist, entry), { recursive: true, force: true });
  }
  return id;
}

/** Keeps the current release and the `keep - 1` most recently switched others. */
function pruneReleases(dist, current, keep) {
  const releases = path.join(dist, RELEASES);
  const others = fs
    .readdirSync(releases)
    .filter((id) => id !== current)
    .map((id) => ({ id, at: fs.statSync(path.join(releases, id)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { id } of others.slice(Math.max(0, keep - 1))) fs.rmSync(path.join(releases, id), { recursive: true, force: true });
}

/**
 * One production build of a front-end package (its browser compiler and, if any, its server
 * compiler): records the kernel imports of each, fails the build on an import the released kernel
 * lacks (remotes), and once every compiler is done without error publishes the release (remotes)
 * and writes the build stamp (`scripts/build-plan.mjs`), dated at the start of this build, so a
 * package built alone (`npm run build -w <package>`) is not built again by the next `npm start`.
 */
class FrontBuild {
  constructor({ dir, name, remote, kinds, kernelDir, kernelVersion }) {
    Object.assign(this, { dir, name, remote, kinds, kernelDir, kernelVersion });
    this.label = path.basename(dir);
    this.startedAt = Date.now();
    this.uses = new Map();
    this.failed = new Map();
  }

  get dist() {
    return path.join(this.dir, 'dist');
  }

  /** Where a compiler of this build writes: the staging folder for a remote, dist/ for the shell. */
  outputPath(kind) {
    const base = this.remote ? path.join(this.dist, STAGING) : this.dist;
    return kind === 'server' ? path.join(base, 'server') : base;
  }

  plugin(kind) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- webpack calls the hooks below with its own `this`
    const build = this;
    return {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('FrontBuild', (compilation) => {
          compilation.hooks.finishModules.tap('FrontBuild', () => {
            const uses = kernelImports(compilation);
            build.uses.set(kind, uses);
            if (!build.remote) return;
            const problem = kernelImportProblem(build.label, build.kernelVersion, uses, releasedKernelExports(build.kernelDir));
            if (problem) compilation.errors.push(new compiler.webpack.WebpackError(problem));
          });
        });
        compiler.hooks.done.tap('FrontBuild', (stats) => {
          build.failed.set(kind, stats.hasErrors());
          if (build.failed.size === build.kinds.length) build.finish();
        });
      },
    };
  }

  contract(kind) {
    return { version: this.kernelVersion, range: `^${this.kernelVersion}`, uses: this.uses.get(kind) ?? [] };
  }

  finish() {
    if ([...this.failed.values()].some(Boolean)) {
      console.error(`✖ ${this.label} : build en erreur, rien n'est publié (la version en ligne ne change pas).`);
      return;
    }
    if (this.remote) {
      const signing = this.kinds.includes('server') ? signingKeyFor(this.name) : null;
      const id = publishRelease({
        dist: this.dist,
        name: this.name,
        kernel: { browser: this.contract('browser'), server: this.contract('server') },
        keep: keepReleases(),
        signingKey: signing,
      });
      console.log(`✔ ${this.label} : version ${id} publiée (dist/${RELEASES}/${id}, pointeur dist/${POINTER}).`);
      if (signing)
        console.log(
          `  build serveur signé avec ${signing.development ? `la clé de développement ${signing.source}` : `la clé de ${signing.source}`}.`,
        );
    }
    writeStamp(path.dirname(this.dir), path.basename(this.dir), this.startedAt);
  }
}

module.exports = {
  FrontBuild,
  publishRelease,
  pruneReleases,
  keepReleases,
  kernelImportProblem,
  RELEASE_ID,
  STAGING,
  RELEASES,
  POINTER,
  COMPRESSIBLE,
  COMPRESS_THRESHOLD,
  BROTLI_QUALITY,
  GZIP_LEVEL,
};
