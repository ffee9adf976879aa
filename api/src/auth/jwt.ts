/**
 * Session tokens: HS256 JSON Web Tokens with `jose` (issue 26: no hand-written JWT code). Only HS256
 * is accepted: `alg: none` or any other algorithm, a bad signature, a missing claim or an expired
 * token is rejected.
 */
import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

const keyOf = (secret: string) => createSecretKey(Buffer.from(secret, 'utf8'));

export function signToken(claims: TokenClaims, secret: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(keyOf(secret));
}

export async function verifyToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      currentDate: new Date(nowSeconds * 1000),
    });
    const { sub, jti, iat, exp } = payload;
    if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return null;
    return { sub, jti, iat, exp };
  } catch {
    return null;
  }
}
