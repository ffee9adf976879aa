import { Link, useParams } from 'react-router-dom';
import { RemoteView, Spinner, usePageMeta, type Profile, Alert } from 'shared-kernel';
import { parseId } from '../api/errors';
import { ClientIdentity } from '../client/ClientIdentity';
import { ClientReservations } from '../client/ClientReservations';
import { InfoList } from '../client/InfoList';
import { dateOrNotSpecified, describePreferences, LOAD_FAILED, NOT_SPECIFIED, orNotSpecified, paymentLabel } from '../client/profileText';
import { useClient, type ClientState } from '../client/useClient';
import '../client/client.css';

export const PAGE_TITLE = 'Profil client';

function pageMeta(state: ClientState): [string, string] {
  if (state.status === 'ready')
    return [`${PAGE_TITLE} : ${orNotSpecified(state.user.nom)}`, 'Informations, messages et réservations du client.'];
  return [PAGE_TITLE, 'Informations, messages et réservations du client.'];
}

function personalInfo(user: Profile): Array<[string, string]> {
  return [
    ['Téléphone', orNotSpecified(user.phone)],
    ['Adresse', orNotSpecified(user.billingAddress)],
    ['Ville', orNotSpecified(user.city)],
    ['Code postal', orNotSpecified(user.postalCode)],
    ['Pays', orNotSpecified(user.country)],
    ['Date de naissance', dateOrNotSpecified(user.dateNaissance)],
    ['Bio', orNotSpecified(user.bio)],
  ];
}

/** Admin: a client's profile, live conversation and reservations (route '/admin/client/:userId'). */
export default function ClientPage() {
  const { userId } = useParams();
  const id = parseId(userId);
  const { client, history } = useClient(id);
  usePageMeta(...pageMeta(client));

  const top = (
    <div className="sk-page__top">
      <h1 className="sk-page__title">{PAGE_TITLE}</h1>
      <Link to="/admin/reservations" className="sk-button sk-button--ghost">
        Retour aux réservations
      </Link>
    </div>
  );

  if (client.status === 'loading') {
    return (
      <div className="sk-page adm-page adm-client">
        {top}
        <Spinner label="Chargement du client…" />
      </div>
    );
  }
  if (client.status === 'error' || id === null) {
    return (
      <div className="sk-page adm-page adm-client">
        {top}
        <Alert tone="danger">{LOAD_FAILED}</Alert>
      </div>
    );
  }

  const { user } = client;
  const preferences = describePreferences(user.preferences);
  return (
    <div className="sk-page adm-page adm-client">
      {top}
      <ClientIdentity user={user} />
      <div className="adm-client__grid">
        <section className="sk-card" aria-labelledby="adm-personal-title">
          <h2 id="adm-personal-title" className="sk-card__title">
            Informations personnelles
          </h2>
          <InfoList items={personalInfo(user)} />
        </section>
        <section className="sk-card" aria-labelledby="adm-payment-title">
          <h2 id="adm-payment-title" className="sk-card__title">
            Informations de paiement
          </h2>
          <InfoList items={[['Méthode de paiement', paymentLabel(user.methodePaiement)]]} />
        </section>
        <section className="sk-card" aria-labelledby="adm-preferences-title">
          <h2 id="adm-preferences-title" className="sk-card__title">
            Préférences
          </h2>
          {preferences.length > 0 ? <InfoList items={preferences} /> : <p className="adm-info__value">{NOT_SPECIFIED}</p>}
        </section>
      </div>
      <section className="sk-card adm-conversation" aria-labelledby="adm-conversation-title">
        <h2 id="adm-conversation-title" className="sk-card__title">
          {user.nom?.trim() ? `Messages avec ${user.nom.trim()}` : 'Messages'}
        </h2>
        <RemoteView module="messaging/Conversation" props={{ contactId: id, ...(user.nom?.trim() ? { nom: user.nom.trim() } : {}) }} />
      </section>
      <ClientReservations history={history} />
    </div>
  );
}
