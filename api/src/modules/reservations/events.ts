/**
 * What happens to a reservation, published once the change is committed: the mails (and anything
 * else that reacts to a booking) subscribe here instead of being called from every place that
 * creates, confirms or cancels a stay (the booking route, the payment webhook, the admin, the expiry
 * job). Subscribers run in order and their failures are logged, never turned into the caller's error:
 * the reservation is already saved.
 */
export type ReservationEvent =
  | { type: 'reçue'; reservationId: number }
  | { type: 'confirmée'; reservationId: number }
  | {
      type: 'annulée';
      reservationId: number;
      /** Who cancelled: the guest, an admin, or the system (unpaid hold or deadline passed). */
      par: 'client' | 'admin' | 'système';
      /** Amount refunded in cents, 0 when the deposit is kept, null when nothing had been paid. */
      remboursementCents: number | null;
    }
  | { type: 'terminée'; reservationId: number };

export type ReservationEventListener = (event: ReservationEvent) => Promise<void> | void;

export interface ReservationEvents {
  subscribe(listener: ReservationEventListener): void;
  publish(event: ReservationEvent): Promise<void>;
}

export function createReservationEvents(onError: (error: unknown, event: ReservationEvent) => void): ReservationEvents {
  const listeners: ReservationEventListener[] = [];
  return {
    subscribe(listener) {
      listeners.push(listener);
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
