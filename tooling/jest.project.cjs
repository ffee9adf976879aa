/** Jest project for the build tooling's own checks. */
module.exports = { rootDir: __dirname, displayName: 'tooling', testEnvironment: 'node', testMatch: ['<rootDir>/test/**/*.test.cjs'] };
