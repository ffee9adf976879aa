const federatedConfig = require('../tooling/webpack.cjs');

module.exports = federatedConfig({
  dir: __dirname,
  name: 'messaging',
  devPort: 5104,
  exposes: {
    './MessagingPage': './src/pages/MessagingPage.tsx',
    './HeaderLink': './src/fragments/HeaderLink.tsx',
    './Notifier': './src/fragments/Notifier.tsx',
    './Conversation': './src/fragments/Conversation.tsx',
  },
});
