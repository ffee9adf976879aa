import { useState } from 'react';
import { todayIn, TransferInstructions, type Reservation } from 'shared-kernel';
import { Books } from './Books';
import { PayBalanceButton } from './PayBalanceButton';
import { arrivalReminderText, balanceText, paymentStateText } from './paymentText';
import { RefundIbanForm } from './RefundIbanForm';
import './reservation.css';

/**
 * 'Paiement': where the payment stands, the transfer to make (deposit or balance), the balance before
 * arrival and how to pay it, where a transfer refund goes, the reminder, and the books of the stay.
 * `owner`: the guest looking at their own reservation (only they pay the balance online).
 */
export function PaymentCard({
  reservation,
  owner,
  returnedFromStripe,
}: {
  reservation: Reservation;
  owner: boolean;
  returnedFromStripe: boolean;
}) {
  const [iban, setIban] = useState(reservation.ibanRemboursement ?? null);
  const state = paymentStateText(reservation);
  const balance = balanceText(reservation);
  const reminder = arrivalReminderText(reservation, todayIn('Europe/Paris'));
  const transfer = reservation.instructionsVirement;
  const payable = reservation.solde && (reservation.solde.etat === 'à régler' || reservation.solde.etat === 'en retard');
  if (!state && !reminder && !transfer && !balance && !reservation.mouvements?.length) return null;
  return (
    <section className="sk-card" aria-labelledby="acc-payment-title">
      <h2 id="acc-payment-title" className="sk-card__title">
        Paiement
      </h2>
      {state ? <p className="acc-payment__state">{state}</p> : null}
      {returnedFromStripe ? (
        <p className="acc-payment__note">
          Paiement transmis par Stripe : il apparaît ici dès que Stripe nous le confirme, en général sous une minute.
        </p>
      ) : null}
      {transfer ? (
        <>
          <h3 className="acc-summary__title">{transfer.objet === 'solde' ? 'Votre virement du solde' : 'Votre virement'}</h3>
          <TransferInstructions instructions={transfer} />
        </>
      ) : null}
      {balance ? <p className="acc-payment__balance">{balance}</p> : null}
      {payable && reservation.soldeEnLigne && owner && reservation.solde ? (
        <PayBalanceButton reservationId={reservation.id} amountCents={reservation.solde.resteCents} />
      ) : null}
      {reservation.attenteIban ? (
        <RefundIbanForm reservationId={reservation.id} saved={iban} onSaved={setIban} />
      ) : iban ? (
        <p>{`Remboursement par virement sur le compte ${iban.iban} (${iban.titulaire}).`}</p>
      ) : null}
      {reminder ? <p className="acc-payment__reminder">{reminder}</p> : null}
      {reservation.comptes && reservation.mouvements ? <Books comptes={reservation.comptes} mouvements={reservation.mouvements} /> : null}
    </section>
  );
}
