/**
 * Google sign-in without Google: an RSA key of our own signs the ID tokens, and the server fetches
 * that key where it would fetch Google's (the one thing replaced: the key endpoint is outside our
 * system).
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { startServer, type TestServer } from '../helpers.js';

export const GOOGLE_CLIENT_ID = 'client-id.apps.googleusercontent.com';

/** An ID token with these claims, signed as Google signs them (RS256, the key named `kid`). */
export function signIdToken(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${payload}`);
  return `${header}.${payload}.${signer.sign(key).toString('base64url')}`;
}

/** The claims of a valid token for our client: verified address, expiring in ten minutes. */
export function googleClaims(person: { sub: string; email: string; name: string }): Record<string, unknown> {
  return {
    iss: 'https://accounts.google.com',
    aud: GOOGLE_CLIENT_ID,
    ...person,
    email_verified: true,
    exp: Math.floor(Date.now() / 1000) + 600,
  };
}

/**
 * A test server that takes Google sign-ins signed by the returned key, published under `kid`;
 * `keyHeaders` are the key endpoint's answer headers, `onKeysFetched` counts its calls.
 */
export async function startWithFakeGoogle(options: {
  kid: string;
  keyHeaders?: Record<string, string>;
  onKeysFetched?: () => void;
}): Promise<{ server: TestServer; privateKey: KeyObject }> {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: options.kid, alg: 'RS256', use: 'sig' };
  const fakeFetch = (async () => {
    options.onKeysFetched?.();
    return new Response(JSON.stringify({ keys: [jwk] }), { headers: { 'content-type': 'application/json', ...options.keyHeaders } });
  }) as unknown as typeof fetch;
  const server = await startServer(
    { googleClientId: GOOGLE_CLIENT_ID, googleJwksUrl: 'https://keys.invalid/certs' },
    { fetchImpl: fakeFetch },
  );
  return { server, privateKey: pair.privateKey };
}
