const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'catalog',
  devPort: 5101,
  server: true,
  // The results map's library: loaded when a visitor opens the map, never in a server render.
  browserOnly: ['maplibre-gl'],
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './TownPage': './src/pages/TownPage.tsx',
    './ApartmentPage': './src/pages/ApartmentPage.tsx',
    './ReviewsPage': './src/pages/ReviewsPage.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
    './FaqPage': './src/pages/FaqPage.tsx',
    './OwnersPage': './src/pages/OwnersPage.tsx',
    './MentionsLegalesPage': './src/legal/MentionsLegalesPage.tsx',
    './CgvPage': './src/legal/CgvPage.tsx',
    './ConfidentialitePage': './src/legal/ConfidentialitePage.tsx',
  },
});
