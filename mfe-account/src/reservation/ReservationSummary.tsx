import type { ReactNode } from 'react';
import { formatDateFr, formatEuro, pluralize, StatusBadge, type Reservation } from 'shared-kernel';
import { euroOr, nightsText, stayNightsOf } from '../ui/stayText';
import { NOT_SPECIFIED, paymentMethodLabel } from './text';
import './reservation.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="acc-summary__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="acc-summary__block" aria-labelledby={id}>
      <h3 id={id} className="acc-summary__title">
        {title}
      </h3>
      <dl className="acc-summary__list">{children}</dl>
    </section>
  );
}

/** 'Récapitulatif': the reservation, the guest and the payment (spec section 2). */
export function ReservationSummary({ reservation }: { reservation: Reservation }) {
  const nights = stayNightsOf(reservation);
  const method = paymentMethodLabel(reservation.paymentMethod);
  const bookedOn = reservation.createdAt ? formatDateFr(reservation.createdAt) : '';
  return (
    <section className="acc-card" aria-labelledby="acc-summary-title">
      <h2 id="acc-summary-title" className="acc-card__title">
        Récapitulatif
      </h2>
      <div className="acc-summary">
        <Block id="acc-summary-booking" title="Informations réservation">
          <Row label="ID de réservation">{reservation.id}</Row>
          <Row label="Date de réservation">{bookedOn || NOT_SPECIFIED}</Row>
          <Row label="Statut">
            <StatusBadge status={reservation.status} />
          </Row>
          {reservation.guestsCount > 0 ? <Row label="Voyageurs">{pluralize(reservation.guestsCount, 'voyageur')}</Row> : null}
        </Block>
        <Block id="acc-summary-client" title="Informations client">
          <Row label="Nom">{reservation.user?.nom?.trim() || NOT_SPECIFIED}</Row>
          <Row label="Email">{reservation.user?.email?.trim() || NOT_SPECIFIED}</Row>
        </Block>
        <Block id="acc-summary-payment" title="Détails du paiement">
          <Row label="Prix par nuit">{euroOr(reservation.appartement?.prixParNuit, NOT_SPECIFIED)}</Row>
          <Row label="Nombre de nuits">{nightsText(nights)}</Row>
          {method ? <Row label="Moyen de paiement">{method}</Row> : null}
          {Number.isFinite(reservation.deposit) ? <Row label={reservation.remainder > 0 ? 'Acompte à la réservation' : 'À régler à la réservation'}>{formatEuro(reservation.deposit)}</Row> : null}
          {reservation.remainder > 0 ? <Row label={reservation.solde ? `Solde à partir du ${formatDateFr(reservation.solde.exigibleLe)}` : 'Solde avant l’arrivée'}>{formatEuro(reservation.remainder)}</Row> : null}
          <Row label="Total">
            <strong>{formatEuro(reservation.totalPrice)}</strong>
          </Row>
        </Block>
      </div>
    </section>
  );
}
