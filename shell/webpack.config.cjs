const federatedConfig = require('../tooling/webpack.cjs');

const api = process.env.API_DEV_URL ?? 'http://localhost:5000';

module.exports = federatedConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  server: true,
  devPort: 5100,
  devProxy: [{ context: ['/api', '/socket.io', '/runtime-config.json', '/media', '/mfe'], target: api, ws: true }],
});
