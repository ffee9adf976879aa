/**
 * One-click unsubscribe (issue 27 item 2, RFC 8058 and RFC 2369): every mail of an optional kind to a
 * user carries `List-Unsubscribe: <https://…/api/e-mails/desabonnement/<token>>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The token names the user and the kind and is
 * signed (HMAC-SHA256 with a key derived from the token signing secret), so a POST to it turns that
 * kind off without a login, and nobody can forge one for another user or kind. Transactional mails
 * (booking, payment, reset, check-in instructions) carry no such header: they cannot be turned off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/client.js';
import { mailOptOuts, users } from '../db/schema.js';
import { optionalKind } from './kinds.js';

export const UNSUBSCRIBE_PATH = '/api/e-mails/desabonnement';

/** The signing key of unsubscribe links, derived so that it can sign nothing else. */
export function unsubscribeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('sejours-messins:desabonnement-e-mails').digest();
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: number, kind: string): string {
  const payload = Buffer.from(`${userId}.${kind}`).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The user and optional kind a token names, or null when it is malformed, forged or names no optional kind. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; kind: string; label: string } | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(sign(key, match[1]!));
  const given = Buffer.from(match[2]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const decoded = /^(\d{1,12})\.([a-z-]{1,60})$/.exec(Buffer.from(match[1]!, 'base64url').toString('utf8'));
  const known = decoded ? optionalKind(decoded[2]!) : undefined;
  if (!decoded || !known) return null;
  return { userId: Number(decoded[1]), kind: known.kind, label: known.label };
}

/** The headers of a queued mail: the unsubscribe pair for an optional kind sent to a user, none otherwise. */
export function unsubscribeHeaders(
  key: Buffer,
  siteOrigin: string,
  mail: { kind: string; userId: number | null },
): Record<string, string> | undefined {
  if (mail.userId === null || !optionalKind(mail.kind)) return undefined;
  return {
    'List-Unsubscribe': `<${siteOrigin}${UNSUBSCRIBE_PATH}/${unsubscribeToken(key, mail.userId, mail.kind)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** Turns the kind off for the user; false when the account no longer exists (erased). */
export async function optOut(db: AppDb, userId: number, kind: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return false;
  await db.insert(mailOptOuts).values({ userId, kind }).onConflictDoNothing();
  return true;
}
