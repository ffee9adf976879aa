/**
 * A reservation written straight into the database, for the stays the API would refuse to create
 * (already over, or with no payment asked): paid in full on booking, by `guests` adults.
 */
import { reservations } from '../../src/db/schema.js';
import type { TestServer } from '../helpers.js';

export interface StayRow {
  userId: number;
  appartementId: number;
  startDate: string;
  endDate: string;
  totalPrice: number;
  status: typeof reservations.$inferInsert.status;
  guests?: number;
}

/** Inserts the stay and returns its id. */
export async function insertStay(server: TestServer, { guests = 1, ...stay }: StayRow): Promise<number> {
  const [row] = await server.database.db
    .insert(reservations)
    .values({ ...stay, guestsCount: guests, adultes: guests, deposit: stay.totalPrice, remainder: 0 })
    .returning({ id: reservations.id });
  return row!.id;
}
