/**
 * The real builds of `npm run build` in a folder of their own, the catalogue's server build signed by
 * a key the test server trusts (as server-rendering.test.ts does), for tests of server-rendered HTML.
 */
import { createHash, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
export const textOf = (html: string) =>
  rootOf(html)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
export const builds =
  existsSync(path.join(repo, 'shell/dist/server/server-manifest.json')) && existsSync(path.join(repo, 'mfe-catalog/dist/current.json'));

/** The real builds in a folder of their own, the catalogue's server build signed by a key the server trusts (as server-rendering.test.ts does). */
export function signedBuilds(): { root: string; key: string } {
  const publisher = generateKeyPairSync('ed25519').privateKey;
  const key = Buffer.from(createPublicKey(publisher).export({ format: 'jwk' }).x!, 'base64url').toString('base64');
  const root = mkdtempSync(path.join(tmpdir(), 'sm-truth-'));
  if (!builds) return { root, key };
  cpSync(path.join(repo, 'shell', 'dist'), path.join(root, 'shell', 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  const live = (JSON.parse(readFileSync(path.join(repo, 'mfe-catalog', 'dist', 'current.json'), 'utf8')) as { release: string }).release;
  const release = path.join(root, 'mfe-catalog', 'dist', 'releases', live);
  cpSync(path.join(repo, 'mfe-catalog', 'dist', 'releases', live), release, { recursive: true, filter: (src) => !src.endsWith('.map') });
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'current.json'), JSON.stringify({ release: live }));
  const manifestFile = path.join(release, 'server', 'server-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { file: string; signature?: unknown };
  const digest = createHash('sha256')
    .update(readFileSync(path.join(release, 'server', manifest.file)))
    .digest();
  manifest.signature = { alg: 'Ed25519', key, value: sign(null, digest, publisher).toString('base64') };
  writeFileSync(manifestFile, JSON.stringify(manifest));
  rmSync(`${manifestFile}.br`, { force: true });
  rmSync(`${manifestFile}.gz`, { force: true });
  return { root, key };
}
