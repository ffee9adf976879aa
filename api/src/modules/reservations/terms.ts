/**
 * What GET /api/reservations/:id adds to a reservation for its page (issue 27 item 2, issue 30 item 3):
 * the apartment's own check-in and check-out times, its cancellation policy as dated windows (the
 * rule the cancellation applies), and, for the guest of a confirmed stay only, the check-in instructions.
 */
import { eq } from 'drizzle-orm';
import { decodeRegles, type Reservation } from 'shared-kernel/domain';
import type { AppDb } from '../../db/client.js';
import { appartements } from '../../db/schema.js';
import { accesForGuest, type AccesAppartement } from '../acces/service.js';
import { cancellationWindows } from '../payments/cancellation.js';

export interface ReservationTerms {
  appartement: Reservation['appartement'];
  annulation: { politique: string; fenetres: Array<{ jusquau: string | null; remboursementAcomptePourcent: number }> } | null;
  acces?: AccesAppartement;
}

export async function reservationTerms(db: AppDb, reader: { id: number }, reservation: Reservation): Promise<ReservationTerms> {
  const [row] = await db
    .select({ regles: appartements.regles, politique: appartements.politiqueAnnulation })
    .from(appartements)
    .where(eq(appartements.id, reservation.appartementId))
    .limit(1);
  if (!row || !reservation.appartement) return { appartement: reservation.appartement, annulation: null };
  const regles = decodeRegles(row.regles);
  const acces = await accesForGuest(db, reader, reservation);
  return {
    appartement: { ...reservation.appartement, arrivee: regles.arrivee, depart: regles.depart, politiqueAnnulation: row.politique },
    annulation: {
      politique: row.politique,
      fenetres: cancellationWindows(row.politique, reservation.startDate).map((w) => ({
        jusquau: w.jusquau?.toISOString() ?? null,
        remboursementAcomptePourcent: w.remboursementAcomptePourcent,
      })),
    },
    ...(acces ? { acces } : {}),
  };
}
