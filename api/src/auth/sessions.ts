/** Tokens backed by the `sessions` table: a token works only while its row exists, is unexpired and not revoked. */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { signToken, verifyToken } from './jwt.js';

export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
}

export interface TokenService {
  issue(userId: number): Promise<{ token: string; expiresAt: Date }>;
  resolve(token: string): Promise<AuthContext | null>;
  revoke(sessionId: string): Promise<void>;
  revokeAllOf(userId: number): Promise<void>;
}

export function createTokenService(db: AppDb, secret: string, ttlSeconds: number): TokenService {
  return {
    async issue(userId) {
      const now = Math.floor(Date.now() / 1000);
      const jti = randomUUID();
      const expiresAt = new Date((now + ttlSeconds) * 1000);
      await db.insert(sessions).values({ id: jti, userId, expiresAt });
      return { token: await signToken({ sub: String(userId), jti, iat: now, exp: now + ttlSeconds }, secret), expiresAt };
    },
    async resolve(token) {
      const claims = await verifyToken(token, secret);
      if (!claims) return null;
      const rows = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, claims.jti), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
        .limit(1);
      const row = rows[0];
      if (!row || String(row.user.id) !== claims.sub) return null;
      return { user: row.user, sessionId: claims.jti };
    },
    async revoke(sessionId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },
    async revokeAllOf(userId) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
