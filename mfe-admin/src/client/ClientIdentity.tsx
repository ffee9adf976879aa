import { useState } from 'react';
import type { Profile } from 'shared-kernel';
import { dateOrNotSpecified, initialOf, NOT_SPECIFIED, orNotSpecified, roleLabel } from './profileText';
import './client.css';

/** Name, email, role, photo (or the initial) and membership date. */
export function ClientIdentity({ user }: { user: Profile }) {
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const name = orNotSpecified(user.nom);
  const since = dateOrNotSpecified(user.createdAt);
  const photo = user.photo && failedPhoto !== user.photo ? user.photo : null;

  return (
    <section className="sk-card adm-identity" aria-labelledby="adm-identity-name">
      {photo ? (
        <img className="adm-avatar" src={photo} alt="" onError={() => setFailedPhoto(photo)} />
      ) : (
        <span className="adm-avatar adm-avatar--initial" aria-hidden="true">
          {initialOf(user.nom ?? '')}
        </span>
      )}
      <div className="adm-identity__text">
        <h2 id="adm-identity-name" className="adm-identity__name">
          {name}
        </h2>
        <p className="adm-identity__line">{user.email ? <a href={`mailto:${user.email}`}>{user.email}</a> : NOT_SPECIFIED}</p>
        <p className="adm-identity__line">
          <span className="adm-identity__role">{roleLabel(user.role)}</span>
          <span className="sk-muted"> · Membre depuis {since === NOT_SPECIFIED ? ': Non spécifié' : `le ${since}`}</span>
        </p>
      </div>
    </section>
  );
}
