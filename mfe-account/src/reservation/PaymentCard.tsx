import { todayIn, TransferInstructions, type Reservation } from 'shared-kernel';
import { arrivalReminderText, paymentStateText } from './paymentText';
import './reservation.css';

/** 'Paiement': where the deposit stands, the transfer to make, the remainder due on arrival and the reminder. */
export function PaymentCard({ reservation }: { reservation: Reservation }) {
  const state = paymentStateText(reservation);
  const reminder = arrivalReminderText(reservation, todayIn('Europe/Paris'));
  if (!state && !reminder && !reservation.instructionsVirement) return null;
  return (
    <section className="acc-card" aria-labelledby="acc-payment-title">
      <h2 id="acc-payment-title" className="acc-card__title">
        Paiement
      </h2>
      {state ? <p className="acc-payment__state">{state}</p> : null}
      {reservation.instructionsVirement ? (
        <>
          <h3 className="acc-summary__title">Votre virement</h3>
          <TransferInstructions instructions={reservation.instructionsVirement} />
        </>
      ) : null}
      {reminder ? <p className="acc-payment__reminder">{reminder}</p> : null}
    </section>
  );
}
