/**
 * The signature of a remote's server build (issue 28, signing.cjs): made with the remote's key from
 * its deploy settings, verifiable with the public key `REMOTE_SIGNING_KEYS` lists, and, without a
 * key, with a development key kept outside the repository.
 */
const { createHash, createPublicKey, generateKeyPairSync, verify } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { localPublicKeys, publicKeyText, signServerBuild, signingKeyFor } = require('../signing.cjs');

let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sm-signing-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const keyFile = (name, type = 'ed25519') => {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    generateKeyPairSync(type, type === 'rsa' ? { modulusLength: 1024 } : undefined).privateKey.export({ type: 'pkcs8', format: 'pem' }),
  );
  return file;
};

test("signs the file's SHA-256 with the remote's own key, verifiable with its public key", () => {
  const env = {
    XDG_CONFIG_HOME: dir,
    REMOTE_SIGNING_KEY_FILE: keyFile('site.pem'),
    REMOTE_CATALOG_SIGNING_KEY_FILE: keyFile('catalog.pem'),
  };
  const { key, source, development } = signingKeyFor('catalog', env);
  expect([source, development]).toEqual(['REMOTE_CATALOG_SIGNING_KEY_FILE', false]);
  expect(signingKeyFor('booking', env).source).toBe('REMOTE_SIGNING_KEY_FILE');
  const code = Buffer.from('module.exports = { modules: {} };');
  const signature = signServerBuild(code, key);
  expect(signature.key).toBe(publicKeyText(key));
  const publicKey = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(signature.key, 'base64').toString('base64url') },
    format: 'jwk',
  });
  const digest = createHash('sha256').update(code).digest();
  expect(verify(null, digest, publicKey, Buffer.from(signature.value, 'base64'))).toBe(true);
  expect(verify(null, createHash('sha256').update('autre code').digest(), publicKey, Buffer.from(signature.value, 'base64'))).toBe(false);
});

test('refuses a key that is not Ed25519, or a file it cannot read, with the setting named', () => {
  expect(() => signingKeyFor('catalog', { XDG_CONFIG_HOME: dir, REMOTE_SIGNING_KEY_FILE: keyFile('rsa.pem', 'rsa') })).toThrow(
    'REMOTE_SIGNING_KEY_FILE : la clé de signature doit être une clé Ed25519 (reçu rsa).',
  );
  expect(() => signingKeyFor('catalog', { XDG_CONFIG_HOME: dir, REMOTE_SIGNING_KEY_FILE: path.join(dir, 'absente.pem') })).toThrow(
    /REMOTE_SIGNING_KEY_FILE : clé de signature illisible/,
  );
});

test('without a key, makes one development key outside the repository and keeps it', () => {
  const first = signingKeyFor('catalog', { XDG_CONFIG_HOME: dir });
  expect(first.development).toBe(true);
  expect(first.source).toBe(path.join(dir, 'sejours-messins', 'remote-signing-dev.pem'));
  expect(fs.statSync(first.source).mode & 0o777).toBe(0o600);
  expect(publicKeyText(signingKeyFor('admin', { XDG_CONFIG_HOME: dir }).key)).toBe(publicKeyText(first.key));
  expect(localPublicKeys({ XDG_CONFIG_HOME: dir })).toBe(publicKeyText(first.key));
});
