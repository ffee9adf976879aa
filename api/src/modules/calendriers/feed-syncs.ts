/**
 * Starts feed syncs (issue 26): in the background for an admin's click (the request answers at
 * once; the feed's row reports the progress), inline for the periodic job. Conflicts found are
 * mailed to the admins. The app waits for the syncs still running before it closes.
 */
import type { StayLimits } from 'shared-kernel/rules';
import type { IcalImportSettings } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import type { MailService } from '../../mail/install.js';
import { syncFeed, type SyncOutcome } from './import-feed.js';
import { notifyConflict } from './notify-conflict.js';
import { SyncLease } from './sync-lease.js';

export interface FeedSyncDeps {
  db: AppDb;
  mail: MailService;
  settings: IcalImportSettings;
  stayLimits: StayLimits;
  log: (err: unknown, message: string) => void;
}

export class FeedSyncs {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: FeedSyncDeps) {}

  /** Starts a sync of the feed in the background; false when one is already running (here or in another process). */
  async start(feedId: number): Promise<boolean> {
    const lease = await SyncLease.claim(this.deps.db, feedId, 'attente');
    if (!lease) return false;
    const run: Promise<unknown> = this.run(lease)
      .catch((err) => this.deps.log(err, 'synchronisation de calendrier en échec'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return true;
  }

  /** Syncs the feed now (the periodic job); null when another sync of it is running. */
  async runNow(feedId: number): Promise<SyncOutcome | null> {
    const lease = await SyncLease.claim(this.deps.db, feedId, 'telechargement');
    return lease ? this.run(lease) : null;
  }

  /** Resolves once every background sync started here has ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async run(lease: SyncLease): Promise<SyncOutcome> {
    const { db, mail, settings, stayLimits, log } = this.deps;
    const outcome = await syncFeed(db, lease, { settings, stayLimits });
    if (outcome.conflicts.length > 0) {
      // The sync is saved whatever the mail does; a mail failure is logged, the conflict stays on screen.
      await notifyConflict(db, mail, outcome.conflicts).catch((err) => log(err, 'e-mail de conflit de calendrier en échec'));
    }
    return outcome;
  }
}
