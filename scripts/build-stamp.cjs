/**
 * A package's build stamp, `dist/.build-stamp`, dated at the START of its last successful build:
 * written by `npm run build` (build.mjs) and by a production webpack build itself
 * (tooling/release.cjs), so a package built alone is not built again by the next `npm start`.
 * CommonJS so the webpack recipe can use it as it is.
 */
const { utimesSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const STAMP = path.join('dist', '.build-stamp');

/** Marks a successful build, dated when it started: a file saved during the build stays newer. */
function writeStamp(root, name, startedAt) {
  const file = path.join(root, name, STAMP);
  writeFileSync(file, `${new Date(startedAt).toISOString()}\n`);
  utimesSync(file, startedAt / 1000, startedAt / 1000);
}

module.exports = { STAMP, writeStamp };
