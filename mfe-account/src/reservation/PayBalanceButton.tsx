import { formatCents, reservationsApi, serverMessage, useMutation, FieldError } from 'shared-kernel';
import { leaveFor } from './leave';

/** 'Payer le solde (X €)': opens Stripe's page for the balance (the server reuses one still open). */
export function PayBalanceButton({ reservationId, amountCents }: { reservationId: number; amountCents: number }) {
  const pay = useMutation({
    mutationFn: () => reservationsApi.balanceCheckout(reservationId),
    onSuccess: (url) => leaveFor(url),
  });
  // Once Stripe's page is asked for, the button stays busy while the browser leaves.
  const busy = pay.isPending || pay.isSuccess;
  const error = pay.isError
    ? (serverMessage(pay.error) ?? 'Le paiement en ligne est momentanément indisponible. Veuillez réessayer.')
    : null;
  return (
    <div className="acc-actions">
      <button
        type="button"
        className="sk-button sk-button--primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          if (!busy) pay.mutate();
        }}
      >
        {`Payer le solde (${formatCents(amountCents)})`}
      </button>
      <FieldError message={error} />
    </div>
  );
}
