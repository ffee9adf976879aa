import type { Reservation } from 'shared-kernel';
import { cancellationTexts, checkInText, checkOutText } from './stayTerms';
import './reservation.css';

/**
 * « Arrivée et départ » and « Conditions d’annulation » (issue 27 item 2): the apartment's own times
 * and the policy's windows as dates, as the server sends them with the reservation.
 */
export function StayTerms({ reservation }: { reservation: Reservation }) {
  const apartment = reservation.appartement;
  const times = apartment?.arrivee && apartment.depart ? [checkInText(apartment.arrivee), checkOutText(apartment.depart)] : [];
  const cancellation = reservation.annulation ? cancellationTexts(reservation.annulation) : [];
  if (times.length === 0 && cancellation.length === 0) return null;
  return (
    <section className="sk-card" aria-labelledby="acc-terms-title">
      <h2 id="acc-terms-title" className="sk-card__title">
        Arrivée, départ et annulation
      </h2>
      {times.length > 0 ? (
        <ul className="acc-terms__list">
          {times.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      ) : null}
      {cancellation.length > 0 ? (
        <>
          <h3 className="acc-summary__title">{`Conditions d’annulation (politique ${reservation.annulation!.politique})`}</h3>
          <ul className="acc-terms__list">
            {cancellation.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * « Accès au logement » (issue 30 item 3): the check-in instructions, sent by the server to the guest
 * of a confirmed stay only.
 */
export function AccessCard({ reservation }: { reservation: Reservation }) {
  const acces = reservation.acces;
  if (!acces) return null;
  const rows: Array<[string, string]> = [
    ['Adresse', acces.adresse],
    ['Code d’accès', acces.codeAcces],
    ['Instructions', acces.instructions],
    ['Wifi', acces.wifiNom],
    ['Mot de passe du wifi', acces.wifiMotDePasse],
    ['Stationnement', acces.parking],
    ['Livret d’accueil', acces.livret],
  ];
  return (
    <section className="sk-card acc-access" aria-labelledby="acc-access-title">
      <h2 id="acc-access-title" className="sk-card__title">
        Accès au logement
      </h2>
      <p>Ces informations sont personnelles : ne les transmettez pas.</p>
      <dl className="acc-summary__list">
        {rows
          .filter(([, value]) => value.trim() !== '')
          .map(([label, value]) => (
            <div key={label} className="acc-summary__row">
              <dt>{label}</dt>
              <dd className="acc-access__value">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
