/**
 * A remote's release (issue 29, release.cjs): real webpack builds of a small package whose code
 * imports the kernel, published into a temporary `dist/` — complete releases behind one pointer,
 * the last REMOTE_KEEP_RELEASES kept, the kernel contract recorded, and a build that imports what
 * the released kernel lacks failing without touching what is live.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const webpack = require('webpack');
const { FrontBuild, keepReleases, publishRelease } = require('../release.cjs');

jest.setTimeout(60_000);

let root;
let kernelDir;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sm-release-'));
  kernelDir = path.join(root, 'shared-kernel');
  fs.mkdirSync(kernelDir);
  fs.writeFileSync(path.join(kernelDir, 'released-exports.json'), JSON.stringify({ '0.1.0': ['formatEuro', 'RemoteView'] }));
  fs.mkdirSync(path.join(root, 'mfe-demo', 'src'), { recursive: true });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** One production build of `mfe-demo` whose entry is `source`, as webpack.cjs sets up a remote's. */
function build(source, { server = false } = {}) {
  const dir = path.join(root, 'mfe-demo');
  fs.writeFileSync(path.join(dir, 'src', 'index.js'), source);
  const front = new FrontBuild({
    dir,
    name: 'demo',
    remote: true,
    kinds: server ? ['browser', 'server'] : ['browser'],
    kernelDir,
    kernelVersion: '0.1.0',
  });
  const manifest = {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('manifest', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'manifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          compilation.emitAsset(
            'mf-manifest.json',
            new compiler.webpack.sources.RawSource(
              JSON.stringify({ id: 'demo', metaData: { publicPath: 'auto' }, shared: [], exposes: [] }),
            ),
          );
        });
      });
    },
  };
  const common = {
    mode: 'production',
    context: dir,
    entry: './src/index.js',
    externalsType: 'commonjs',
    externals: { 'shared-kernel': 'commonjs shared-kernel' },
    optimization: { minimize: false },
    performance: { hints: false },
  };
  const configs = [
    {
      ...common,
      name: 'browser',
      output: { path: front.outputPath('browser'), filename: 'main.[contenthash:10].js', clean: { keep: /^server[\\/]/ } },
      plugins: [manifest, front.plugin('browser')],
    },
  ];
  if (server) {
    const serverManifest = {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap('server-manifest', (compilation) => {
          compilation.hooks.processAssets.tap(
            { name: 'server-manifest', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
            () => {
              const file = [...compilation.entrypoints.get('main').getEntrypointChunk().files][0];
              compilation.emitAsset(
                'server-manifest.json',
                new compiler.webpack.sources.RawSource(JSON.stringify({ name: 'demo', file, externals: ['shared-kernel'] })),
              );
            },
          );
        });
      },
    };
    configs.push({
      ...common,
      name: 'server',
      target: 'node20',
      output: { path: front.outputPath('server'), filename: 'server.[contenthash:10].js', library: { type: 'commonjs2' }, clean: true },
      plugins: [serverManifest, front.plugin('server')],
    });
  }
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      // `done` hooks run before this callback: the release is published by now.
      resolve({ errors: stats.toJson({ all: false, errors: true }).children.flatMap((c) => c.errors.map((e) => e.message)) });
    });
  });
}

const dist = () => path.join(root, 'mfe-demo', 'dist');
const current = () => JSON.parse(fs.readFileSync(path.join(dist(), 'current.json'), 'utf8')).release;
const releases = () => fs.readdirSync(path.join(dist(), 'releases')).sort();
const releaseFile = (id, file) => path.join(dist(), 'releases', id, file);

test('a build publishes one complete release behind the pointer, with its kernel contract and the build stamp', async () => {
  const { errors } = await build(
    "import { formatEuro, RemoteView } from 'shared-kernel';\nexport const label = formatEuro(12);\nexport const view = RemoteView;\n",
    { server: true },
  );
  expect(errors).toEqual([]);
  const id = current();
  expect(id).toMatch(/^[0-9a-f]{12}$/);
  expect(releases()).toEqual([id]);
  const manifest = JSON.parse(fs.readFileSync(releaseFile(id, 'mf-manifest.json'), 'utf8'));
  expect(manifest.release).toEqual({ id, kernel: { version: '0.1.0', range: '^0.1.0', uses: ['RemoteView', 'formatEuro'] } });
  const serverManifest = JSON.parse(fs.readFileSync(releaseFile(id, 'server/server-manifest.json'), 'utf8'));
  const code = fs.readFileSync(releaseFile(id, `server/${serverManifest.file}`));
  expect(serverManifest.sha256).toBe(require('node:crypto').createHash('sha256').update(code).digest('hex'));
  expect(serverManifest.kernel.uses).toEqual(['RemoteView', 'formatEuro']);
  expect(JSON.parse(fs.readFileSync(releaseFile(id, 'release.json'), 'utf8'))).toMatchObject({
    name: 'demo',
    id,
    server: 'server/server-manifest.json',
    kernel: { version: '0.1.0' },
  });
  // Nothing but the pointer, the releases and the stamp at the top of dist/; no build left staged.
  expect(fs.readdirSync(dist()).sort()).toEqual(['.build-stamp', 'current.json', 'releases']);
});

test('the last releases stay (REMOTE_KEEP_RELEASES) and the older ones go', async () => {
  const previous = process.env.REMOTE_KEEP_RELEASES;
  process.env.REMOTE_KEEP_RELEASES = '2';
  try {
    const ids = [];
    for (const n of [1, 2, 3]) {
      await build(`import { formatEuro } from 'shared-kernel';\nexport const label = formatEuro(${n});\n`);
      ids.push(current());
    }
    expect(new Set(ids).size).toBe(3);
    expect(current()).toBe(ids[2]);
    expect(releases()).toEqual([ids[1], ids[2]].sort());
    // The chunks of the previous release are still there for the tabs that use it.
    expect(fs.readdirSync(path.join(dist(), 'releases', ids[1])).some((f) => /^main\.[0-9a-f]{10}\.js$/.test(f))).toBe(true);
  } finally {
    if (previous === undefined) delete process.env.REMOTE_KEEP_RELEASES;
    else process.env.REMOTE_KEEP_RELEASES = previous;
  }
});

test('a build that imports an export the released kernel lacks fails, and what is live stays', async () => {
  await build("import { formatEuro } from 'shared-kernel';\nexport const label = formatEuro(1);\n");
  const live = current();
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { errors: buildErrors } = await build(
    "import { formatEuro, skewProbe } from 'shared-kernel';\nexport const label = formatEuro(skewProbe());\n",
  );
  errors.mockRestore();
  expect(buildErrors.join('\n')).toContain('mfe-demo importe « skewProbe » de shared-kernel, absent(s) du noyau publié 0.1.0');
  expect(current()).toBe(live);
  expect(releases()).toEqual([live]);
});

test('the same build published twice is one release', () => {
  const staging = path.join(dist(), '.staging');
  const stage = () => {
    fs.mkdirSync(staging, { recursive: true });
    fs.writeFileSync(path.join(staging, 'mf-manifest.json'), JSON.stringify({ shared: [], exposes: [] }));
    fs.writeFileSync(path.join(staging, 'remoteEntry.js'), '// entrée');
  };
  const kernel = { browser: { version: '0.1.0', range: '^0.1.0', uses: [] }, server: { version: '0.1.0', range: '^0.1.0', uses: [] } };
  stage();
  const first = publishRelease({ dist: dist(), name: 'demo', kernel, keep: 3 });
  stage();
  expect(publishRelease({ dist: dist(), name: 'demo', kernel, keep: 3 })).toBe(first);
  expect(releases()).toEqual([first]);
  expect(fs.existsSync(staging)).toBe(false);
});

test('REMOTE_KEEP_RELEASES is a whole number of at least 1, 3 by default', () => {
  expect(keepReleases({ REMOTE_KEEP_RELEASES: '5' })).toBe(5);
  expect(() => keepReleases({ REMOTE_KEEP_RELEASES: '0' })).toThrow(/au moins 1/);
  expect(() => keepReleases({ REMOTE_KEEP_RELEASES: 'trois' })).toThrow(/au moins 1/);
  expect(keepReleases({ REMOTE_KEEP_RELEASES: '' })).toBe(3);
});
