/** Which optional mails a person receives: the opt-outs kept in `mail_opt_outs` (the profile's 'E-mails'). */
import { and, eq, inArray } from 'drizzle-orm';
import type { MailPreference } from 'shared-kernel/domain';
import type { AppDb } from '../db/client.js';
import { mailOptOuts } from '../db/schema.js';
import { optionalKindsFor } from './kinds.js';

export async function preferencesOf(db: AppDb, user: { id: number; role: 'admin' | 'client' }): Promise<MailPreference[]> {
  const off = new Set(
    (await db.select({ kind: mailOptOuts.kind }).from(mailOptOuts).where(eq(mailOptOuts.userId, user.id))).map((r) => r.kind),
  );
  return optionalKindsFor(user.role).map((k) => ({ kind: k.kind, label: k.label, enabled: !off.has(k.kind) }));
}

/** Turns kinds (already checked optional and allowed to the person) on and off, all or none. */
export async function setMailPreferences(db: AppDb, userId: number, { on, off }: { on: string[]; off: string[] }): Promise<void> {
  await db.transaction(async (tx) => {
    if (on.length > 0) await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.userId, userId), inArray(mailOptOuts.kind, on)));
    if (off.length > 0)
      await tx
        .insert(mailOptOuts)
        .values(off.map((kind) => ({ userId, kind })))
        .onConflictDoNothing();
  });
}
