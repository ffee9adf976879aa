/**
 * Daily housekeeping (GDPR storage limitation): session rows past their expiry or revoked serve no
 * purpose once the token cannot be used, and reset tokens past their hour or already used likewise.
 * A token whose row is gone is refused exactly as a revoked or expired one.
 */
import { isNotNull, lt, or } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { passwordResets, sessions } from '../../db/schema.js';
import type { Scheduler } from '../../jobs/scheduler.js';

export const HOUSEKEEPING_JOB = 'housekeeping';
const DAY_MS = 24 * 3600 * 1000;

export async function purgeExpired(db: AppDb, now = new Date()): Promise<{ sessions: number; resets: number }> {
  const goneSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const goneResets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return { sessions: goneSessions.length, resets: goneResets.length };
}

export function scheduleHousekeeping(jobs: Scheduler, db: AppDb, log: (purged: { sessions: number; resets: number }) => void): void {
  jobs.every({
    name: HOUSEKEEPING_JOB,
    intervalMs: DAY_MS,
    runAtStart: true,
    run: async () => log(await purgeExpired(db)),
  });
}
