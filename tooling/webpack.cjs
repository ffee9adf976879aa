/**
 * One webpack recipe for the shell and every remote, so they stay built the same way:
 * Module Federation (enhanced), ts-loader, hashed chunks, and the shared singletons.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { BROTLI_QUALITY, COMPRESSIBLE, COMPRESS_THRESHOLD, FrontBuild, GZIP_LEVEL } = require('./release.cjs');

const kernelDir = path.join(__dirname, '..', 'shared-kernel');
const kernelVersion = require(path.join(kernelDir, 'package.json')).version;
const routerModule = path.join(__dirname, 'react-router-shared.mjs');
const routerVersion = require('react-router/package.json').version;
// The shared router module imports react-router under this alias: a plain 'react-router' request
// would be caught by the share scope and consume itself.
const routerEsm = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');

/**
 * The federation runtime's packages ship CommonJS and ES builds; the plugin's injected runtime
 * `require`s one and the kernel `import`s the other, and main.js carried both (about 70 KB of
 * duplicate runtime-core and sdk). Every request for them is sent to the ES build.
 */
const federationRuntimeEsm = Object.fromEntries(
  ['runtime-core', 'runtime', 'sdk', 'runtime-tools', 'webpack-bundler-runtime', 'error-codes'].map((pkg) => {
    // Not every one exports its package.json: read it from the workspace's node_modules.
    const dir = path.join(__dirname, '..', 'node_modules', '@module-federation', pkg);
    const manifest = JSON.parse(require('node:fs').readFileSync(path.join(dir, 'package.json'), 'utf8'));
    return [`@module-federation/${pkg}$`, path.join(dir, manifest.exports['.'].import.default)];
  }),
);

/** Every federated package shares exactly these singletons. */
function sharedSingletons(pkg) {
  const dep = (name) => pkg.dependencies[name];
  return {
    react: { singleton: true, requiredVersion: dep('react') },
    'react-dom': { singleton: true, requiredVersion: dep('react-dom') },
    // React Router 7: both names resolve to one shared module (one router context), and that module
    // re-exports only what the site uses (see react-router-shared.mjs).
    'react-router': { singleton: true, import: routerModule, version: routerVersion, requiredVersion: dep('react-router') },
    'react-router-dom': {
      singleton: true,
      shareKey: 'react-router',
      import: routerModule,
      version: routerVersion,
      requiredVersion: dep('react-router'),
    },
    // Any kernel of the same release line (semver caret): the host refuses a remote whose range its
    // kernel does not satisfy (issue 29, release.cjs), rather than only warning in the console.
    'shared-kernel': { singleton: true, requiredVersion: `^${kernelVersion}` },
  };
}

/**
 * The host's start-up scripts, written to `initial-assets.json` so the server can announce them as
 * low-priority preloads in the page (issue 17): the chunks of the `bootstrap` group and, found by
 * following each ConsumeSharedModule to its fallback, the chunks of the shared singletons it needs.
 * Without this the browser learns of them only after main.js has run.
 */
class InitialAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('InitialAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InitialAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const group = compilation.namedChunkGroups.get('bootstrap');
        if (!group) return;
        const { chunkGraph } = compilation;
        // The host both provides and consumes each singleton; at run time its own provided copy is
        // used, so a consumed key leads to the chunk group of the matching ProvideSharedModule.
        const provided = new Map();
        for (const module of compilation.modules) {
          if (module.constructor.name !== 'ProvideSharedModule') continue;
          const chunksOfBlocks = module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
          provided.set(module._name, chunksOfBlocks);
        }
        const chunks = new Set(group.chunks);
        const queue = [...chunks];
        while (queue.length) {
          const chunk = queue.pop();
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
            if (module.constructor.name !== 'ConsumeSharedModule') continue;
            for (const next of provided.get(module.options.shareKey) ?? []) {
              if (!chunks.has(next)) {
                chunks.add(next);
                queue.push(next);
              }
            }
          }
        }
        const files = [...chunks]
          .flatMap((chunk) => [...chunk.files])
          .filter((file) => /\.(js|css)$/.test(file))
          .sort();
        compilation.emitAsset('initial-assets.json', new sources.RawSource(JSON.stringify({ files })));
      });
    });
  }
}

/**
 * The server build of a package (issue 17): one CommonJS file, `dist/server/server.<hash>.js`, and
 * `dist/server/server-manifest.json` naming it. Every bare import (React, the router, shared-kernel,
 * the federation runtime) stays a `require` the API answers with its own instance: those are the
 * singletons the shell and the remotes share in Node, as the federation shares them in the browser.
 * Stylesheets are left out (the browser build links them).
 */
class ServerManifestPlugin {
  constructor(name) {
    this.name = name;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServerManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ServerManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.entrypoints.get('server');
        const file = entry ? [...entry.getEntrypointChunk().files].find((f) => f.endsWith('.js')) : undefined;
        const externals = [...compilation.modules]
          .filter((m) => m.constructor.name === 'ExternalModule')
          .map((m) => String(m.userRequest ?? m.request))
          .sort();
        const manifest = { name: this.name, file, externals };
        compilation.emitAsset('server-manifest.json', new sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}

/** A remote's server entry: every exposed module, by its expose key ('./HomePage'). */
function writeRemoteServerEntry(dir, exposes) {
  const fs = require('node:fs');
  const folder = path.join(dir, 'node_modules', '.cache', 'server-build');
  fs.mkdirSync(folder, { recursive: true });
  const keys = Object.keys(exposes).sort();
  const lines = keys.map((key, i) => `import * as m${i} from ${JSON.stringify(path.resolve(dir, exposes[key]))};`);
  lines.push(`export const modules = { ${keys.map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')} };`);
  const file = path.join(folder, 'entry.js');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

/**
 * `browserOnly` packages (a map library a visitor's click loads) are never run by a server render:
 * the server build gets an empty module for them, not a `require` the API could not answer.
 */
function serverConfig({ dir, name, entry, build, browserOnly = [] }) {
  const skipped = (request) => browserOnly.some((pkg) => request === pkg || request.startsWith(`${pkg}/`));
  return {
    name: `${name}-server`,
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { server: entry },
    devtool: false,
    output: { path: build.outputPath('server'), filename: 'server.[contenthash:10].js', library: { type: 'commonjs2' }, clean: true },
    externalsType: 'commonjs',
    externals: [
      ({ request }, callback) =>
        /^[^./]/.test(request) && !path.isAbsolute(request) && !skipped(request) ? callback(null, `commonjs ${request}`) : callback(),
    ],
    resolve: { extensions: ['.tsx', '.ts', '.js'], alias: Object.fromEntries(browserOnly.map((pkg) => [pkg, false])) },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: 'ts-loader',
          exclude: /node_modules/,
          options: {
            transpileOnly: true,
            configFile: path.join(dir, 'tsconfig.json'),
            compilerOptions: { noEmit: false, sourceMap: false },
          },
        },
        { test: /\.css$/, use: [path.join(__dirname, 'ignore-css-loader.cjs')] },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [
      new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
      new ServerManifestPlugin(name),
      build.plugin('server'),
    ],
    performance: { hints: false },
  };
}

/**
 * @param {object} options
 * @param {string} options.dir package directory
 * @param {string} options.name federation name (remotes are loaded as `${name}/${expose}`)
 * @param {Record<string,string>} [options.exposes] for a remote
 * @param {boolean} [options.host] the shell: html page, served at '/'
 * @param {number} options.devPort port of `npm run dev`
 * @param {boolean} [options.server] also build the server target (the shell, and remotes with server-rendered pages)
 * @param {string[]} [options.browserOnly] packages the server build leaves out (see serverConfig)
 */
module.exports = function federatedConfig({ dir, name, exposes, host = false, devPort, devProxy, server = false, browserOnly = [] }) {
  const pkg = require(path.join(dir, 'package.json'));
  return (env, argv) => {
    const production = argv.mode !== 'development';
    const withServer = production && server;
    // A production build of a remote is published as a release (release.cjs); every production build
    // writes its build stamp when it succeeds.
    const build = production
      ? new FrontBuild({ dir, name, remote: !host, kinds: withServer ? ['browser', 'server'] : ['browser'], kernelDir, kernelVersion })
      : null;
    const plugins = [
      new ModuleFederationPlugin({
        name,
        ...(host ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
        manifest: true,
        dts: false,
        // The host ships the federation runtime once; remotes use it instead of bundling their own copy.
        experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
        shared: sharedSingletons(pkg),
      }),
    ];
    if (production) {
      // CSS in files (issue 17): parsed by the browser's CSS parser, not shipped inside JavaScript, and
      // cached apart from it. Each remote's webpack runtime adds the <link> of a chunk's CSS and waits
      // for it before running the chunk, so a page never shows unstyled.
      const MiniCssExtractPlugin = require('mini-css-extract-plugin');
      plugins.push(new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }));
      // Each file also written brotli- and gzip-compressed at their highest levels, which the API
      // sends as they are (`preCompressed` in static-site.ts): compressing them on every request
      // cost the server about 50 ms of CPU per page load, while the page was loading.
      const CompressionPlugin = require('compression-webpack-plugin');
      plugins.push(
        new CompressionPlugin({
          test: COMPRESSIBLE,
          threshold: COMPRESS_THRESHOLD,
          algorithm: 'brotliCompress',
          filename: '[path][base].br',
          compressionOptions: { params: { [require('node:zlib').constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
        }),
        new CompressionPlugin({
          test: COMPRESSIBLE,
          threshold: COMPRESS_THRESHOLD,
          algorithm: 'gzip',
          filename: '[path][base].gz',
          compressionOptions: { level: GZIP_LEVEL },
        }),
      );
      plugins.push(build.plugin('browser'));
    }
    if (host) {
      const HtmlWebpackPlugin = require('html-webpack-plugin');
      // `hash`: index.html loads main.js?<build hash>, so a new build is fetched although main.js is unhashed.
      plugins.push(new InitialAssetsPlugin());
      plugins.push(
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public', 'index.html'),
          favicon: path.join(dir, 'public', 'favicon.svg'),
          hash: true,
        }),
      );
    }
    const browser = {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: build ? build.outputPath('browser') : path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        // Entry chunks stay unhashed (served no-cache): with webpack 5.111 a [contenthash] here breaks
        // the federation runtime chunk of a remote ("Path variable [contenthash] not implemented").
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        // A remote's chunk that does not arrive is given up on (the page then shows its fallback, or
        // reloads into a newer release); webpack's default waits 120 s.
        ...(host ? {} : { chunkLoadTimeout: 15_000 }),
        // The server build (its own compiler) writes server/; the build stamp stays (issue 29).
        clean: { keep: /^(server[\\/]|\.build-stamp$)/ },
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { 'react-router-esm$': routerEsm, ...federationRuntimeEsm } },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            loader: 'ts-loader',
            exclude: /node_modules/,
            options: {
              transpileOnly: true,
              configFile: path.join(dir, 'tsconfig.json'),
              compilerOptions: { noEmit: false, sourceMap: true },
            },
          },
          { test: /\.css$/, use: [production ? require('mini-css-extract-plugin').loader : 'style-loader', 'css-loader'] },
          { test: /\.(svg|png|jpe?g|webp|mp3|ogg|wav)$/, type: 'asset/resource' },
          // `import url from 'lib/worker.mjs?url'`: the file published as is, its address imported.
          { resourceQuery: /^\?url$/, type: 'asset/resource' },
        ],
      },
      plugins,
      performance: { hints: false },
      devServer: {
        port: devPort,
        historyApiFallback: host,
        headers: { 'Access-Control-Allow-Origin': '*' },
        hot: false,
        liveReload: true,
        client: { overlay: false },
        ...(devProxy ? { proxy: devProxy } : {}),
      },
    };
    if (!withServer) return browser;
    const entry = host ? path.join(dir, 'src', 'server.tsx') : writeRemoteServerEntry(dir, exposes);
    return [browser, serverConfig({ dir, name, entry, build, browserOnly })];
  };
};
