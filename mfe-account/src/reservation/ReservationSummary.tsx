import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDateFr, formatEuro, pluralize, StatusBadge, type Reservation, TitledSection } from 'shared-kernel';
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
    <TitledSection title={title} titleId={id} level={3} className="acc-summary__block" titleClassName="acc-summary__title">
      <dl className="acc-summary__list">{children}</dl>
    </TitledSection>
  );
}

/** 'Récapitulatif': the reservation, the guest and the payment (spec section 2). */
export function ReservationSummary({ reservation }: { reservation: Reservation }) {
  const nights = stayNightsOf(reservation);
  const method = paymentMethodLabel(reservation.paymentMethod);
  const bookedOn = reservation.createdAt ? formatDateFr(reservation.createdAt) : '';
  const quoteLines = (reservation.devis?.lignes ?? []).filter((l) => typeof l.libelle === 'string' && Number.isFinite(l.montant));
  return (
    <TitledSection title="Récapitulatif" titleId="acc-summary-title" className="sk-card" titleClassName="sk-card__title">
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
          {/* Issue 27: the quote the stay was booked at, line by line (nights at each date's rate, cleaning, taxe de séjour), not the apartment's base price. */}
          {quoteLines.length > 0 ? (
            quoteLines.map((line, i) => (
              <Row key={`${i}-${line.libelle}`} label={line.libelle}>
                {formatEuro(line.montant)}
              </Row>
            ))
          ) : (
            <Row label="Prix par nuit">{euroOr(reservation.appartement?.prixParNuit, NOT_SPECIFIED)}</Row>
          )}
          <Row label="Nombre de nuits">{nightsText(nights)}</Row>
          {method ? <Row label="Moyen de paiement">{method}</Row> : null}
          {Number.isFinite(reservation.deposit) ? (
            <Row label={reservation.remainder > 0 ? 'Acompte à la réservation' : 'À régler à la réservation'}>
              {formatEuro(reservation.deposit)}
            </Row>
          ) : null}
          {reservation.remainder > 0 ? (
            <Row label={reservation.solde ? `Solde à partir du ${formatDateFr(reservation.solde.exigibleLe)}` : 'Solde avant l’arrivée'}>
              {formatEuro(reservation.remainder)}
            </Row>
          ) : null}
          <Row label="Total">
            <strong>{formatEuro(reservation.totalPrice)}</strong>
          </Row>
          {reservation.cgvVersion ? (
            <Row label="Conditions générales de vente">
              <Link to="/cgv">{`Version ${reservation.cgvVersion}${reservation.cgvAccepteeLe ? ` acceptée le ${formatDateFr(reservation.cgvAccepteeLe)}` : ''}`}</Link>
            </Row>
          ) : null}
        </Block>
      </div>
    </TitledSection>
  );
}
