import { useState } from 'react';
import { formatCents, reservationsApi, serverMessage, FieldError } from 'shared-kernel';
import { leaveFor } from './leave';

/** 'Payer le solde (X €)': opens Stripe's page for the balance (the server reuses one still open). */
export function PayBalanceButton({ reservationId, amountCents }: { reservationId: number; amountCents: number }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      leaveFor(await reservationsApi.balanceCheckout(reservationId));
    } catch (failure) {
      setError(serverMessage(failure) ?? 'Le paiement en ligne est momentanément indisponible. Veuillez réessayer.');
      setBusy(false);
    }
  };
  return (
    <div className="acc-actions">
      <button
        type="button"
        className="sk-button sk-button--primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void pay()}
      >
        {`Payer le solde (${formatCents(amountCents)})`}
      </button>
      <FieldError message={error} />
    </div>
  );
}
