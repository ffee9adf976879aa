/**
 * What happens to a reservation, published once the change is committed — or, for a payment event,
 * inside its transaction (`publishIn`), which a listener must then read and write through (its own
 * connection would wait for that transaction on PGlite, and not see it on PostgreSQL): the mails (and anything
 * else that reacts to a booking) subscribe here instead of being called from every place that
 * creates, confirms or cancels a stay (the booking route, the payment webhook, the admin, the expiry
 * job). Subscribers run in order and their failures are logged, never turned into the caller's error:
 * the reservation is already saved.
 */
import type { AppDb } from '../../db/client.js';

export type ReservationEvent =
  | { type: 'reçue'; reservationId: number }
  | { type: 'confirmée'; reservationId: number }
  | {
      type: 'annulée';
      reservationId: number;
      /** Who cancelled: the guest, an admin, or the system (unpaid hold or deadline passed). */
      par: 'client' | 'admin' | 'système';
      /** Amount to refund in cents (announced: see `remboursements`), 0 when what was paid is kept, null when nothing had been paid. */
      remboursementCents: number | null;
    }
  | { type: 'terminée'; reservationId: number }
  /** Issue 31: the balance was received (Stripe or an admin's 'Solde reçu'). */
  | { type: 'solde reçu'; reservationId: number }
  /**
   * Issue 31, DECISIONS 33: money arrived that is not applied to the stay (cancelled, already paid,
   * another amount or reservation) and is being refunded, or a refund failed: admins are told.
   */
  | { type: 'paiement non appliqué'; reservationId: number; montantCents: number; motif: string }
  /** Issue 31, DECISIONS 35: a refund was made (Stripe confirmed it, or an admin marked the transfer made). */
  | { type: 'remboursement effectué'; reservationId: number; remboursementId: number };

/** `db`: the transaction of the change when the event is published in it (`publishIn`); write through it. */
export type ReservationEventListener = (event: ReservationEvent, db?: AppDb) => Promise<void> | void;

export interface ReservationEvents {
  subscribe(listener: ReservationEventListener): void;
  publish(event: ReservationEvent): Promise<void>;
  /**
   * Inside the transaction of the change (issue 31: payment events): what the listeners write (the
   * mail queue's rows) commits with the movement or not at all. Each listener runs in a savepoint, so
   * its failure is logged and undone without undoing the payment.
   */
  publishIn(tx: AppDb, event: ReservationEvent): Promise<void>;
}

export function createReservationEvents(onError: (error: unknown, event: ReservationEvent) => void): ReservationEvents {
  const listeners: ReservationEventListener[] = [];
  return {
    subscribe(listener) {
      listeners.push(listener);
    },
    async publishIn(tx, event) {
      for (const listener of listeners) {
        try {
          await tx.transaction(async (savepoint) => {
            await listener(event, savepoint);
          });
        } catch (error) {
          onError(error, event);
        }
      }
    },
    async publish(event) {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          onError(error, event);
        }
      }
    },
  };
}
