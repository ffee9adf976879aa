/**
 * The signature of a remote's server build (issue 28, DECISIONS 41): its build signs the SHA-256 of
 * `server.<hash>.js` with the remote's Ed25519 key, and the host runs that file only when the
 * signature verifies with one of the public keys it is configured with (`REMOTE_SIGNING_KEYS`).
 * Signing is part of the remote's build: the host is never changed to deploy a remote.
 *
 * The private key comes from the remote's deploy settings, first found of (environment, then the
 * repository's `.env`):
 *   REMOTE_<NAME>_SIGNING_KEY_FILE   path of a PKCS#8 PEM Ed25519 key, for this remote only
 *   REMOTE_SIGNING_KEY_FILE          the same for every remote built here
 * With neither, the build signs with a development key kept outside the repository
 * (`$XDG_CONFIG_HOME/sejours-messins/remote-signing-dev.pem`, made at the first build); a host
 * trusts it only if its `REMOTE_SIGNING_KEYS` names its public key, like any other key
 * (`node tooling/signing.cjs public-key` prints it; `npm start` and the browser tests pass it).
 */
const { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseEnv } = require('node:util');

const repoRoot = path.resolve(__dirname, '..');

function dotEnv() {
  try {
    return parseEnv(fs.readFileSync(path.join(repoRoot, '.env'), 'utf8'));
  } catch {
    return {};
  }
}

/** The development key's file: outside the repository, never committed, one per machine. */
function devKeyFile(env = process.env) {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'sejours-messins', 'remote-signing-dev.pem');
}

/** The development key, made once (exclusive create: two builds at once keep the same key). */
function devKey(env = process.env) {
  const file = devKeyFile(env);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    try {
      fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
  return { key: createPrivateKey(fs.readFileSync(file)), source: file, development: true };
}

/** The key `name`'s build signs with, and where it came from. */
function signingKeyFor(name, env = process.env) {
  const settings = { ...dotEnv(), ...env };
  const variable = [`REMOTE_${name.toUpperCase()}_SIGNING_KEY_FILE`, 'REMOTE_SIGNING_KEY_FILE'].find((key) => settings[key]);
  if (!variable) return devKey(env);
  const file = settings[variable];
  let key;
  try {
    key = createPrivateKey(fs.readFileSync(file));
  } catch (error) {
    throw new Error(`${variable} : clé de signature illisible (${file}) : ${error.message}`, { cause: error });
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${variable} : la clé de signature doit être une clé Ed25519 (reçu ${key.asymmetricKeyType}).`);
  return { key, source: variable, development: false };
}

/** A public key as `REMOTE_SIGNING_KEYS` lists it: its 32 raw bytes in base64. */
function publicKeyText(privateKey) {
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return Buffer.from(jwk.x, 'base64url').toString('base64');
}

/** The signature a server manifest records: Ed25519 over the file's SHA-256 (32 raw bytes). */
function signServerBuild(code, privateKey) {
  const digest = createHash('sha256').update(code).digest();
  return { alg: 'Ed25519', key: publicKeyText(privateKey), value: sign(null, digest, privateKey).toString('base64') };
}

/** Remotes of this repository (their builds sign with `signingKeyFor(name)`). */
const REMOTES = ['catalog', 'booking', 'account', 'messaging', 'admin'];

/**
 * The public keys of the remotes built in this repository with this machine's settings, as
 * `REMOTE_SIGNING_KEYS` lists them: what `npm start`, the bench and the browser tests give the host
 * they start when it is not set, so a local build is trusted the way a deploy's keys are.
 */
function localPublicKeys(env = process.env) {
  return [...new Set(REMOTES.map((name) => publicKeyText(signingKeyFor(name, env).key)))].join(',');
}

module.exports = { signingKeyFor, signServerBuild, publicKeyText, devKeyFile, localPublicKeys };

if (require.main === module) {
  const [command, name] = process.argv.slice(2);
  if (command !== 'public-key') {
    console.error(
      'Usage : node tooling/signing.cjs public-key [nom-du-module]  (affiche la ou les clés publiques à mettre dans REMOTE_SIGNING_KEYS)',
    );
    process.exit(2);
  }
  console.log(name ? publicKeyText(signingKeyFor(name).key) : localPublicKeys());
}
