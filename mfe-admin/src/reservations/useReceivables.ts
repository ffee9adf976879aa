import { useCallback } from 'react';
import { adminQueries, useQuery, useQueryClient, type Reservation } from 'shared-kernel';

const NONE: Reservation[] = [];

/**
 * What the payment panels need, whatever page of the list is shown (the stays awaiting their deposit
 * or their balance). A failed read shows no panel: the list stays the place to act. `reload` after
 * any change of a reservation.
 */
export function useReceivables(): { list: Reservation[]; reload: () => void } {
  const client = useQueryClient();
  const { data } = useQuery(adminQueries.receivables());
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: adminQueries.receivables().queryKey }), [client]);
  return { list: data ?? NONE, reload };
}
