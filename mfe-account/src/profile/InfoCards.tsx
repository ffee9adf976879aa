import type { ReactNode } from 'react';
import type { Profile } from 'shared-kernel';
import { Email } from '../ui/Email';
import { NO_INFORMATION, NOT_DEFINED, NOT_DEFINED_FEMININE, shownValue } from './text';
import './profile.css';

/** The profile's fields as cards; a missing value shows 'Non défini', 'Non définie' or 'Aucune information'. */
export function InfoCards({ profile }: { profile: Profile }) {
  const cards: { label: string; value: ReactNode; wide?: boolean }[] = [
    { label: 'Nom', value: shownValue(profile.nom, NOT_DEFINED) },
    { label: 'Email', value: profile.email ? <Email address={profile.email} /> : shownValue(profile.email, NOT_DEFINED) },
    { label: 'Téléphone', value: shownValue(profile.phone, NOT_DEFINED) },
    { label: 'Adresse', value: shownValue(profile.billingAddress, NOT_DEFINED_FEMININE) },
    { label: 'Ville', value: shownValue(profile.city, NOT_DEFINED_FEMININE) },
    { label: 'Code postal', value: shownValue(profile.postalCode, NOT_DEFINED) },
    { label: 'Pays', value: shownValue(profile.country, NOT_DEFINED) },
    { label: 'Bio', value: shownValue(profile.bio, NO_INFORMATION), wide: true },
  ];
  return (
    <dl className="sk-tiles sk-tiles--fill acc-info">
      {cards.map((card) => (
        <div key={card.label} className={`acc-info__card${card.wide ? ' acc-info__card--wide' : ''}`}>
          <dt className="acc-info__label">{card.label}</dt>
          <dd className="acc-info__value">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
