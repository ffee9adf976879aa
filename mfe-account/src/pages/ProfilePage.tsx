import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { sessionCommands, Spinner, usePageMeta, type Profile, Alert } from 'shared-kernel';
import { AvatarPanel } from '../profile/AvatarPanel';
import { bookingMessageFrom } from '../profile/bookingMessage';
import { InfoCards } from '../profile/InfoCards';
import { MailPreferences } from '../profile/MailPreferences';
import { MyReservations } from '../profile/MyReservations';
import { MyDataSection } from '../my-data/MyDataSection';
import { ProfileForm } from '../profile/ProfileForm';
import { ProfileMenu } from '../profile/ProfileMenu';
import { PROFILE_LOAD_FAILED, PROFILE_SAVED } from '../profile/text';
import { useMyReservations } from '../profile/useMyReservations';
import { useProfile } from '../profile/useProfile';
import { Email } from '../ui/Email';
import '../profile/profile.css';

/** The header reads the signed-in user again (new name or photo); a failure only leaves it as it was. */
function refreshSession(): void {
  void sessionCommands.refresh().catch(() => undefined);
}

/**
 * The booking success message handed over by the checkout, kept for this visit: the navigation state
 * is then cleared so that a reload or a return to this page does not show it again.
 */
function useBookingMessage(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(() => bookingMessageFrom(location.state));
  const hasMessage = bookingMessageFrom(location.state) !== null;
  useEffect(() => {
    if (hasMessage)
      void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: null });
  }, [hasMessage, navigate, location.pathname, location.search, location.hash]);
  return message;
}

/** Profile and own bookings (route '/profile'; the shell sends visitors who are not signed in to /login). */
export default function ProfilePage() {
  usePageMeta('Mon profil', 'Vos informations personnelles, votre photo et vos réservations.');
  const bookingMessage = useBookingMessage();
  const { state, setProfile, retry } = useProfile();
  const bookings = useMyReservations();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);
  const infoHeading = useRef<HTMLHeadingElement>(null);

  // After a save the form closes: the focus goes to the section that now shows the new values.
  useEffect(() => {
    if (notice) infoHeading.current?.focus();
  }, [notice]);

  const showInfo = () => {
    infoHeading.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    infoHeading.current?.focus({ preventScroll: true });
  };

  const toggleEditing = () => {
    setNotice(null);
    setEditing((open) => !open);
  };

  const onSaved = (profile: Profile) => {
    setProfile(profile);
    setEditing(false);
    setNotice(PROFILE_SAVED);
    refreshSession();
  };

  const logout = () => {
    setLoggingOut(true);
    sessionCommands
      .logout()
      .catch(() => undefined)
      .finally(() => setLoggingOut(false));
  };

  return (
    <div className="sk-page acc-page acc-profile">
      <h1 className="sk-page__title acc-profile__title">Mon profil</h1>
      {bookingMessage ? <Alert tone="success">{bookingMessage}</Alert> : null}
      {state.status === 'loading' ? <Spinner label="Chargement de votre profil…" /> : null}
      {state.status === 'error' ? (
        <>
          <Alert tone="danger" onRetry={retry}>
            {PROFILE_LOAD_FAILED}
          </Alert>
          <MyReservations state={bookings.state} onRetry={bookings.retry} />
        </>
      ) : null}
      {state.status === 'ready' ? (
        <div className="sk-columns acc-profile__layout">
          <aside className="sk-card acc-profile__side" aria-label="Mon compte">
            <AvatarPanel
              name={state.profile.nom}
              photo={state.profile.photo}
              onSaved={(photo) => setProfile({ ...state.profile, photo })}
            />
            <p className="acc-profile__name">{state.profile.nom}</p>
            <p className="acc-profile__email">
              <Email address={state.profile.email} />
            </p>
            <div className="acc-profile__buttons">
              <button type="button" className="sk-button sk-button--secondary" aria-controls="acc-infos" onClick={toggleEditing}>
                {editing ? 'Annuler' : 'Modifier le profil'}
              </button>
              <button type="button" className="sk-button sk-button--danger" onClick={logout} disabled={loggingOut}>
                Déconnexion
              </button>
            </div>
            <ProfileMenu onShowInfo={showInfo} />
          </aside>
          <div className="acc-profile__main">
            <section id="acc-infos" className="sk-card" aria-labelledby="acc-infos-title">
              <h2 id="acc-infos-title" ref={infoHeading} className="sk-card__title" tabIndex={-1}>
                Informations personnelles
              </h2>
              {notice ? <Alert tone="success">{notice}</Alert> : null}
              {editing ? <ProfileForm profile={state.profile} onSaved={onSaved} /> : <InfoCards profile={state.profile} />}
            </section>
            <MyReservations state={bookings.state} onRetry={bookings.retry} />
            <MyDataSection hasPassword={state.profile.aUnMotDePasse} />
            <MailPreferences />
          </div>
        </div>
      ) : null}
    </div>
  );
}
