/**
 * Verifies a Google ID token (DECISIONS 13) with `jose`: RS256 signature against Google's published keys,
 * issuer, audience (our client id), expiry and a verified email. Nothing posted by the browser
 * besides the token itself is trusted.
 */
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';

export interface GoogleIdentity {
  googleId: string;
  email: string;
  name: string;
  picture: string | null;
  /** When Google issued the token (seconds), to tell a fresh sign-in from an old one. */
  issuedAt: number | null;
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** What makes a token invalid (401); anything else (the key endpoint unreachable) is thrown as unavailable (503). */
const INVALID_TOKEN = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

/**
 * Google's keys through jose's remote key set (issue 26: no hand-written JWT code): cached 10 min; an
 * unknown `kid` refetches the set at most once per `cooldownMs` (30 s), so forged key ids cannot
 * make us hammer Google's endpoint.
 */
export class GoogleTokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string,
    jwksUrl: string,
    fetchImpl: typeof fetch = fetch,
    cooldownMs = 30_000,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl), {
      timeoutDuration: 5000,
      cooldownDuration: cooldownMs,
      cacheMaxAge: 600_000,
      [customFetch]: (url, options) => fetchImpl(url, options),
    });
  }

  /** The identity, or null when the token is not a valid Google ID token for our client id. */
  async verify(idToken: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<GoogleIdentity | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        algorithms: ['RS256'],
        issuer: ISSUERS,
        audience: this.clientId,
        requiredClaims: ['exp', 'sub', 'email'],
        currentDate: new Date(nowSeconds * 1000),
      }));
    } catch (error) {
      if (INVALID_TOKEN.some((kind) => error instanceof kind)) return null;
      throw error;
    }
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (payload.email_verified !== true && payload.email_verified !== 'true') return null;
    return {
      googleId: payload.sub,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' && payload.name.trim() ? payload.name : (payload.email.split('@')[0] ?? payload.email),
      picture: typeof payload.picture === 'string' && payload.picture.startsWith('https://') ? payload.picture : null,
      issuedAt: typeof payload.iat === 'number' ? payload.iat : null,
    };
  }
}
