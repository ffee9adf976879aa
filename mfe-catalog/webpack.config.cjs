const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'catalog',
  devPort: 5101,
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
  },
});
