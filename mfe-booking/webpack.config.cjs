const path = require('node:path');
const federatedConfig = require('../tooling/webpack.cjs');

const recipe = federatedConfig({
  dir: __dirname,
  name: 'booking',
  devPort: 5102,
  exposes: {
    './BookingPanel': './src/panel/BookingPanel.tsx',
    './CheckoutPage': './src/pages/CheckoutPage.tsx',
    './StayDatesPicker': './src/calendar/StayDatesPicker.tsx',
  },
});

const dateFnsDir = path.dirname(require.resolve('date-fns/package.json', { paths: [__dirname] }));

/**
 * react-date-range is CommonJS and requires 'date-fns' as a whole: point it at the few functions it
 * uses (build/date-fns-subset.mjs) and at the ES module of its default locale, so the calendar
 * costs about 32 KB gzip instead of 50 KB.
 */
module.exports = (env, argv) => {
  const config = recipe(env, argv);
  config.resolve.alias = {
    ...config.resolve.alias,
    'date-fns$': path.join(__dirname, 'build', 'date-fns-subset.mjs'),
    'date-fns/locale/en-US$': path.join(dateFnsDir, 'locale', 'en-US.js'),
  };
  return config;
};
