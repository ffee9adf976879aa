const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'booking',
  devPort: 5102,
  exposes: {
    './BookingPanel': './src/panel/BookingPanel.tsx',
    './CheckoutPage': './src/pages/CheckoutPage.tsx',
  },
});
