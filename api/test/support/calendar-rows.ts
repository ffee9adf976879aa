/**
 * The admin calendar tests' answer type, and what they read on one apartment: a confirmed stay, two manually blocked days
 * and a conflict (as the import records it; its imported nights apart from the stay's, only the row
 * is read), all in the period starting `du`.
 */
import assert from 'node:assert/strict';
import { addDaysIso } from 'shared-kernel/rules';
import { blocagesImportes, conflitsCalendrier, fluxIcal, reservations } from '../../src/db/schema.js';
import type { TestServer } from '../helpers.js';

/** GET /api/admin/calendrier's answer as the tests read it (a page's fields with `parPage`). */
export interface CalendarAnswer {
  du: string;
  au: string;
  ville: string | null;
  villes: { ville: string; slug: string; nombre: number }[];
  appartements: { id: number; titre: string; slug: string }[];
  reservations: { id: number; appartementId: number }[];
  jours: { appartementId: number; date: string }[];
  conflits: { id: number; appartementId: number }[];
  total?: number;
  page?: number;
  parPage?: number;
  message?: string;
}

export async function addCalendarRows(
  server: TestServer,
  { adminToken, userId, appartementId, du }: { adminToken: string; userId: number; appartementId: number; du: string },
): Promise<void> {
  const db = server.database.db;
  const [stay] = await db
    .insert(reservations)
    .values({
      userId,
      appartementId,
      startDate: addDaysIso(du, 2),
      endDate: addDaysIso(du, 5),
      guestsCount: 2,
      adultes: 2,
      totalPrice: 240,
      deposit: 72,
      remainder: 168,
      status: 'confirmée',
    })
    .returning({ id: reservations.id });
  const block = await server.request('POST', `/api/admin/appartements/${appartementId}/blocages`, {
    token: adminToken,
    body: { du: addDaysIso(du, 10), au: addDaysIso(du, 11) },
  });
  assert.equal(block.status, 200);
  const [feed] = await db
    .insert(fluxIcal)
    .values({ appartementId, libelle: 'Airbnb', url: 'https://www.airbnb.fr/calendar/ical/1.ics' })
    .returning({ id: fluxIcal.id });
  const [imported] = await db
    .insert(blocagesImportes)
    .values({ fluxId: feed!.id, appartementId, uid: `conflit-${appartementId}`, debut: addDaysIso(du, 20), fin: addDaysIso(du, 22) })
    .returning({ id: blocagesImportes.id });
  await db.insert(conflitsCalendrier).values({
    appartementId,
    reservationId: stay!.id,
    blocageId: imported!.id,
    debut: addDaysIso(du, 20),
    fin: addDaysIso(du, 22),
  });
}
