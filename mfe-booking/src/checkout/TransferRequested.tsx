import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import {
  balanceSentence,
  formatDayMonth,
  formatEuro,
  MONEY_WORDS,
  TransferInstructions,
  type InstructionsVirement,
  type Reservation,
} from 'shared-kernel';
import { nightsText } from '../booking/stayText';
import { BOOKING_SUCCESS_TEXT } from '../booking/texts';

export const TRANSFER_REQUESTED_TITLE = 'Demande de réservation enregistrée';

/**
 * After a booking by bank transfer: the stay is held until the deadline, and the page gives what to
 * transfer, to whom and with which reference. No automatic redirect: the guest copies these details.
 */
export function TransferRequested({ reservation, instructions }: { reservation: Reservation; instructions: InstructionsVirement }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="sk-panel bk-card bk-success sk-stack sk-stack--start sk-gap-4">
      <h1 ref={headingRef} tabIndex={-1} className="bk-success__title">
        {TRANSFER_REQUESTED_TITLE}
      </h1>
      <p>
        {`Votre séjour du ${formatDayMonth(reservation.startDate)} au ${formatDayMonth(reservation.endDate)} (${nightsText(reservation.nights)}, ${formatEuro(reservation.totalPrice)}) vous est réservé en attendant ${instructions.objet === 'séjour' ? 'votre paiement' : 'votre acompte'}. Il sera confirmé dès réception de votre virement.`}
      </p>
      <h2 className="bk-card__title">Votre virement</h2>
      <TransferInstructions instructions={instructions} />
      {reservation.solde ? (
        <p>{balanceSentence(reservation.solde.montantCents, reservation.solde.exigibleLe, false, MONEY_WORDS)}</p>
      ) : null}
      <Link to="/profile" state={{ message: BOOKING_SUCCESS_TEXT, reservationId: reservation.id }} className="sk-button sk-button--primary">
        Voir mes réservations
      </Link>
    </div>
  );
}
