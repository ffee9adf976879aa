/**
 * Tells admins that a channel blocked nights already booked here: one queued mail per conflict
 * (the mail queue retries it and sends it once, api/src/mail/admin-notices.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client.js';
import { appartements, blocagesImportes, fluxIcal } from '../../db/schema.js';
import type { MailService } from '../../mail/install.js';
import type { NewConflict } from './import-feed.js';

export async function notifyConflict(db: AppDb, mail: MailService, conflicts: NewConflict[]): Promise<void> {
  if (conflicts.length === 0) return;
  const sources = await db
    .select({ blocageId: blocagesImportes.id, source: fluxIcal.libelle, titre: appartements.titre })
    .from(blocagesImportes)
    .innerJoin(fluxIcal, eq(fluxIcal.id, blocagesImportes.fluxId))
    .innerJoin(appartements, eq(appartements.id, blocagesImportes.appartementId))
    .where(
      inArray(
        blocagesImportes.id,
        conflicts.map((c) => c.blocageId),
      ),
    );
  const byBlock = new Map(sources.map((s) => [s.blocageId, s]));
  for (const conflict of conflicts) {
    const known = byBlock.get(conflict.blocageId);
    if (!known) continue;
    await mail.queueAdminCalendarConflict({
      appartement: { id: conflict.appartementId, titre: known.titre },
      debut: conflict.debut,
      fin: conflict.fin,
      source: known.source,
      reservationId: conflict.reservationId,
    });
  }
}
