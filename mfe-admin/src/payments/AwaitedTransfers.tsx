import { formatCents, formatDateTimeParis, type Reservation } from 'shared-kernel';
import { ReceiptList } from './ReceiptList';
import { AWAITED_EMPTY, AWAITED_TITLE, DEPOSIT_RECEIVED } from './text';

/** Reservations whose deposit is awaited by bank transfer. */
export function awaitedTransfers(list: readonly Reservation[]): Reservation[] {
  return list
    .filter((r) => r.paymentMethod === 'virement' && r.status === 'en attente' && r.paiement?.etat === 'en attente')
    .sort((a, b) => (a.paiement?.echeance ?? '').localeCompare(b.paiement?.echeance ?? ''));
}

/** 'Acompte à recevoir': each awaited transfer with its reference and deadline, and 'Acompte reçu'. */
export function AwaitedTransfers({
  list,
  busyId,
  onReceived,
}: {
  list: readonly Reservation[];
  busyId: number | null;
  onReceived: (reservation: Reservation) => void;
}) {
  const items = awaitedTransfers(list).map((r) => ({
    reservation: r,
    details: `${formatCents(Math.round(r.deposit * 100))}, référence SM-${r.id}, avant le ${formatDateTimeParis(r.paiement?.echeance ?? '')}`,
  }));
  return (
    <ReceiptList
      id="adm-awaited-title"
      title={AWAITED_TITLE}
      empty={AWAITED_EMPTY}
      items={items}
      buttonLabel={DEPOSIT_RECEIVED}
      busyId={busyId}
      onReceived={onReceived}
    />
  );
}
