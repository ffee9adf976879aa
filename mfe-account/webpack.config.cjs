const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'account',
  devPort: 5103,
  exposes: {
    './ProfilePage': './src/pages/ProfilePage.tsx',
    './ReservationPage': './src/pages/ReservationPage.tsx',
  },
});
