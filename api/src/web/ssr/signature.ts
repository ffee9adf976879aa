/**
 * The host's side of signed server builds (issue 28, DECISIONS 41): a remote's build signs the
 * SHA-256 of its server file with its publisher's Ed25519 key (tooling/signing.cjs) and records
 * `{ alg, key, value }` in its server manifest; the API runs that file only when the signature
 * verifies with one of the public keys of `REMOTE_SIGNING_KEYS`. Anything else is refused with the
 * reason, and the remote's pages are rendered in the browser.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The trusted publishers' keys, by their text (32 raw bytes in base64, as `REMOTE_SIGNING_KEYS` lists them). */
export type SigningKeys = ReadonlyMap<string, KeyObject>;

const RAW_KEY = /^[A-Za-z0-9+/]{43}=$/;

/** Parses `REMOTE_SIGNING_KEYS` (keys separated by commas or spaces); a malformed key is an error at start-up. */
export function parseSigningKeys(text: string | null | undefined): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    if (!RAW_KEY.test(entry))
      throw new Error(
        `REMOTE_SIGNING_KEYS : « ${entry.slice(0, 60)} » n'est pas une clé publique Ed25519 (32 octets en base64, voir « node tooling/signing.cjs public-key »).`,
      );
    keys.set(
      entry,
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(entry, 'base64').toString('base64url') }, format: 'jwk' }),
    );
  }
  return keys;
}

/**
 * Why a server build whose file has `digest` (its SHA-256, raw) and whose manifest records
 * `signature` is refused, or null when a trusted key signed it.
 */
export function signatureProblem(signature: unknown, digest: Buffer, keys: SigningKeys): string | null {
  if (keys.size === 0) return "aucune clé de publication n'est configurée (REMOTE_SIGNING_KEYS)";
  if (!signature || typeof signature !== 'object') return "il n'est pas signé";
  const { alg, key, value } = signature as { alg?: unknown; key?: unknown; value?: unknown };
  if (alg !== 'Ed25519' || typeof key !== 'string' || typeof value !== 'string') return 'sa signature est illisible';
  const trusted = keys.get(key);
  if (!trusted) return `sa clé de signature (${key.slice(0, 12)}…) n'est pas dans REMOTE_SIGNING_KEYS`;
  let valid: boolean;
  try {
    valid = verify(null, digest, trusted, Buffer.from(value, 'base64'));
  } catch {
    valid = false;
  }
  return valid ? null : 'sa signature ne correspond pas au fichier';
}
