const HtmlWebpackPlugin = require('html-webpack-plugin');
const federatedConfig = require('../tooling/webpack.cjs');

const api = process.env.API_DEV_URL ?? 'http://localhost:5000';

const shared = federatedConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  devPort: 5100,
  devProxy: [{ context: ['/api', '/socket.io', '/runtime-config.json', '/media', '/mfe'], target: api, ws: true }],
});

/**
 * Workaround for module-federation/core#5077 (webpack 5.111.x with @module-federation/enhanced 2.9.2):
 * the federation runtime module resolves its own chunk's file name while hashes are computed, so a
 * `[contenthash]` in the name of the entry chunk (`main`) fails the production build. The entry is
 * emitted as `main.js` and index.html loads it as `main.js?<build hash>` (HtmlWebpackPlugin `hash`),
 * so a new build is still fetched anew. Lazy chunks keep their `[contenthash]` names.
 * To remove once tooling/webpack.cjs handles it (or the upstream fix lands).
 */
module.exports = (env, argv) => {
  const config = shared(env, argv);
  config.output.filename = '[name].js';
  config.plugins = config.plugins.map((plugin) =>
    plugin instanceof HtmlWebpackPlugin ? new HtmlWebpackPlugin({ ...plugin.userOptions, hash: true }) : plugin,
  );
  return config;
};
