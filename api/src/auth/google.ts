/**
 * Verifies a Google ID token (DECISIONS 13): RS256 signature against Google's published keys,
 * issuer, audience (our client id), expiry and a verified email. Nothing posted by the browser
 * besides the token itself is trusted.
 */
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';

export interface GoogleIdentity {
  googleId: string;
  email: string;
  name: string;
  picture: string | null;
  /** When Google issued the token (seconds), to tell a fresh sign-in from an old one. */
  issuedAt: number | null;
}

const ISSUERS = new Set(['accounts.google.com', 'https://accounts.google.com']);

interface Jwk extends JsonWebKey {
  kid?: string;
}

export class GoogleTokenVerifier {
  private keys: Map<string, Jwk> = new Map();
  private expiresAt = 0;

  constructor(
    private readonly clientId: string,
    private readonly jwksUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async key(kid: string): Promise<Jwk | undefined> {
    if (Date.now() >= this.expiresAt || !this.keys.has(kid)) await this.refresh();
    return this.keys.get(kid);
  }

  private async refresh(): Promise<void> {
    const response = await this.fetchImpl(this.jwksUrl, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`JWKS ${response.status}`);
    const body = (await response.json()) as { keys?: Jwk[] };
    this.keys = new Map((body.keys ?? []).filter((k) => k.kid).map((k) => [k.kid as string, k]));
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('cache-control') ?? '')?.[1];
    this.expiresAt = Date.now() + (maxAge ? Number(maxAge) * 1000 : 3600_000);
  }

  /** The identity, or null when the token is not a valid Google ID token for our client id. */
  async verify(idToken: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<GoogleIdentity | null> {
    const parts = idToken.split('.');
    if (parts.length !== 3) return null;
    const [headerB64, payloadB64, signatureB64] = parts as [string, string, string];
    let header: { alg?: string; kid?: string };
    let payload: Record<string, unknown>;
    try {
      header = JSON.parse(Buffer.from(headerB64, 'base64url').toString('utf8')) as typeof header;
      payload = JSON.parse(Buffer.from(payloadB64, 'base64url').toString('utf8')) as typeof payload;
    } catch {
      return null;
    }
    if (header.alg !== 'RS256' || !header.kid) return null;
    const jwk = await this.key(header.kid);
    if (!jwk) return null;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${headerB64}.${payloadB64}`);
    if (!verifier.verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signatureB64, 'base64url'))) return null;
    if (!ISSUERS.has(String(payload.iss))) return null;
    const audience = payload.aud;
    if (Array.isArray(audience) ? !audience.includes(this.clientId) : audience !== this.clientId) return null;
    if (typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
    return {
      googleId: payload.sub,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name : payload.email.split('@')[0] ?? payload.email,
      picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture : null,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : null,
    };
  }
}
