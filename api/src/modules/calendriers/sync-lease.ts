/**
 * A feed's sync runs in the background (issue 26) and reports through the feed's row, which is also
 * its lease: one sync of a feed at a time, whichever process or trigger (a click, the periodic job)
 * starts it. A run holds the lease by its token and keeps it alive; a lease without a heartbeat for
 * `LEASE_STALE_MS` (its process died) is taken over by the next run.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FeedSync, FeedSyncStep } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { fluxIcal } from '../../db/schema.js';

export const LEASE_STALE_MS = 60_000;
const HEARTBEAT_MS = 15_000;

/** The run no longer holds its feed: the feed was deleted, or another run took over a stale lease. */
export class LeaseLost extends Error {}

type FeedRow = typeof fluxIcal.$inferSelect;

/** The sync a feed reports, or null when none runs (a stale lease is no sync). */
export function runningSync(row: FeedRow, now = Date.now()): FeedSync | null {
  if (!row.synchroEtape || !row.synchroMajLe || now - row.synchroMajLe.getTime() > LEASE_STALE_MS) return null;
  return { etape: row.synchroEtape, depuis: row.synchroMajLe.toISOString(), fait: row.synchroFait, total: row.synchroTotal };
}

const released = { synchroEtape: null, synchroJeton: null, synchroMajLe: null, synchroFait: null, synchroTotal: null } as const;

export class SyncLease {
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly db: AppDb,
    readonly feedId: number,
    readonly token: string,
  ) {}

  /** Takes the feed's lease, or null when a live sync already holds it. */
  static async claim(db: AppDb, feedId: number, step: FeedSyncStep): Promise<SyncLease | null> {
    const token = randomUUID();
    const rows = await db
      .update(fluxIcal)
      .set({ synchroEtape: step, synchroJeton: token, synchroMajLe: sql`now()`, synchroFait: null, synchroTotal: null })
      .where(
        and(
          eq(fluxIcal.id, feedId),
          or(isNull(fluxIcal.synchroJeton), lt(fluxIcal.synchroMajLe, sql`now() - ${LEASE_STALE_MS} * interval '1 millisecond'`)),
        ),
      )
      .returning({ id: fluxIcal.id });
    return rows.length > 0 ? new SyncLease(db, feedId, token) : null;
  }

  private held() {
    return and(eq(fluxIcal.id, this.feedId), eq(fluxIcal.synchroJeton, this.token));
  }

  /** Refreshes the heartbeat while the run waits on something long (the download, its turn to be read). */
  keepAlive(): void {
    this.timer ??= setInterval(() => {
      void this.db
        .update(fluxIcal)
        .set({ synchroMajLe: sql`now()` })
        .where(this.held())
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Records the step (and the nights written) that the admin sees. */
  async report(step: FeedSyncStep, fait: number | null = null, total: number | null = null): Promise<void> {
    const rows = await this.db
      .update(fluxIcal)
      .set({ synchroEtape: step, synchroMajLe: sql`now()`, synchroFait: fait, synchroTotal: total })
      .where(this.held())
      .returning({ id: fluxIcal.id });
    if (rows.length === 0) throw new LeaseLost();
  }

  /** Writes the run's outcome and lets the lease go, in one statement; nothing when the lease was lost. */
  async finish(outcome: Partial<Omit<FeedRow, 'id' | 'appartementId' | 'libelle' | 'url' | 'createdAt'>>): Promise<void> {
    this.stop();
    await this.db
      .update(fluxIcal)
      .set({ ...outcome, ...released })
      .where(this.held());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
