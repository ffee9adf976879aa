const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'admin',
  devPort: 5105,
  exposes: {
    './AddApartmentPage': './src/pages/AddApartmentPage.tsx',
    './ReservationsPage': './src/pages/ReservationsPage.tsx',
    './ClientPage': './src/pages/ClientPage.tsx',
    './ApartmentEditor': './src/fragments/ApartmentEditor.tsx',
    './ReservationPayments': './src/fragments/ReservationPayments.tsx',
    './TaxeSejourPage': './src/pages/TaxeSejourPage.tsx',
    './LeadsPage': './src/pages/LeadsPage.tsx',
    './CalendarPage': './src/pages/CalendarPage.tsx',
    './RefundsPage': './src/pages/RefundsPage.tsx',
    './ComptabilitePage': './src/pages/ComptabilitePage.tsx',
    './ReviewsPage': './src/pages/ReviewsPage.tsx',
    './PlanningPage': './src/pages/PlanningPage.tsx',
    './DashboardPage': './src/pages/DashboardPage.tsx',
  },
});
