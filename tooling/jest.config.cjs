/** Jest settings shared by the front-end packages: SWC transform, jsdom, shared-kernel from its sources. */
const path = require('node:path');

module.exports = function jestConfig(packageDir) {
  return {
    rootDir: packageDir,
    displayName: path.basename(packageDir),
    testEnvironment: 'jsdom',
    // Keyboard and user-event journeys take seconds on a loaded 2-core machine: a limit of 5 s
    // measured the machine, not the component.
    testTimeout: 20_000,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    setupFiles: [path.join(__dirname, 'jest.setup.cjs')],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.(css)$': require.resolve('identity-obj-proxy'),
      '\\.(svg|png|jpg|webp|mp3|wav)$': path.join(__dirname, 'jest.file-stub.cjs'),
      '^shared-kernel$': path.join(__dirname, '..', 'shared-kernel', 'src', 'index.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transformIgnorePatterns: ['/node_modules/(?!(shared-kernel)/)'],
  };
};
