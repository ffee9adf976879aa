module.exports = require('../tooling/jest.config.cjs')(__dirname);
