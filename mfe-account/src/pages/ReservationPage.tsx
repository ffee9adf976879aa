import { useParams, useSearchParams } from 'react-router-dom';
import { isAdmin, RemoteView, Spinner, usePageMeta, useRemoteConfigured, useSession, Alert } from 'shared-kernel';
import { BackButton } from '../reservation/BackButton';
import { canReview, canSeeActions, isOwner, type Viewer } from '../reservation/permissions';
import { PaymentCard } from '../reservation/PaymentCard';
import { InvoicesSection } from '../reservation/InvoicesSection';
import { ReservationActions } from '../reservation/ReservationActions';
import { ReservationHeader } from '../reservation/ReservationHeader';
import { ReservationSummary } from '../reservation/ReservationSummary';
import { AccessCard, StayTerms } from '../reservation/StayTerms';
import { ReviewSection } from '../reservation/ReviewSection';
import { LOAD_ERROR_TEXT, LOAD_ERROR_TITLE, NOT_FOUND_TEXT, NOT_FOUND_TITLE, PAGE_TITLE } from '../reservation/text';
import { useReservation, type ReservationState } from '../reservation/useReservation';
import '../reservation/reservation.css';

function pageMeta(state: ReservationState): [string, string] {
  if (state.status === 'not-found') return ['Réservation introuvable', NOT_FOUND_TEXT];
  return [PAGE_TITLE, 'Les dates, le statut et le paiement de votre réservation.'];
}

/** Reservation detail (route '/reservation/:id'; the shell sends visitors who are not signed in to /login). */
export default function ReservationPage() {
  const { id } = useParams();
  // Back from Stripe's page for the balance (`?paiement=ok`): the webhook confirms it in a moment.
  const [search] = useSearchParams();
  const { state, replace, retry } = useReservation(id);
  const user = useSession((s) => s.user);
  const admin = useSession(isAdmin);
  const adminRemote = useRemoteConfigured('admin');
  usePageMeta(...pageMeta(state));
  const viewer: Viewer | null = user ? { id: user.id, admin } : null;
  const back = <BackButton fallback={admin ? '/admin/reservations' : '/profile'} />;

  if (state.status === 'loading') {
    return (
      <div className="sk-page acc-page">
        <Spinner label="Chargement de la réservation…" />
      </div>
    );
  }
  if (state.status === 'not-found') {
    return (
      <div className="sk-page acc-page acc-reservation">
        <h1 className="sk-visually-hidden">{PAGE_TITLE}</h1>
        <Alert tone="warning" title={NOT_FOUND_TITLE} actions={back}>
          {NOT_FOUND_TEXT}
        </Alert>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="sk-page acc-page acc-reservation">
        <h1 className="sk-visually-hidden">{PAGE_TITLE}</h1>
        <Alert
          tone="danger"
          title={LOAD_ERROR_TITLE}
          actions={
            <div className="acc-actions">
              {back}
              <button type="button" className="sk-button sk-button--secondary" onClick={retry}>
                Réessayer
              </button>
            </div>
          }
        >
          {LOAD_ERROR_TEXT}
        </Alert>
      </div>
    );
  }

  const { reservation } = state;
  return (
    <div className="sk-page acc-page acc-reservation">
      <div className="sk-page__top">
        <h1 className="sk-page__title">{PAGE_TITLE}</h1>
        {back}
      </div>
      <ReservationHeader reservation={reservation} />
      <ReservationSummary reservation={reservation} />
      <AccessCard reservation={reservation} />
      <StayTerms reservation={reservation} />
      <PaymentCard
        reservation={reservation}
        owner={isOwner(viewer, reservation)}
        returnedFromStripe={search.get('paiement') === 'ok' && reservation.solde?.etat !== 'payé'}
      />
      <InvoicesSection reservationId={reservation.id} owner={isOwner(viewer, reservation)} />
      {admin && adminRemote ? <RemoteView module="admin/ReservationPayments" props={{ reservationId: reservation.id }} /> : null}
      {canSeeActions(viewer, reservation) ? <ReservationActions reservation={reservation} viewer={viewer} onUpdated={replace} /> : null}
      {canReview(viewer, reservation) ? <ReviewSection key={reservation.id} reservation={reservation} /> : null}
    </div>
  );
}
