/** The reminder an unverified account sees on every page until it follows its link (DECISIONS 38). */
import { useMatch } from 'react-router-dom';
import { useSession } from 'shared-kernel';
import { useResendVerification } from './useResendVerification';

export function EmailVerificationBanner() {
  const email = useSession((state) => (state.user?.emailVerifie === false ? state.user.email : null));
  const { resend, sending, outcome } = useResendVerification();
  // The verification page says itself how the link went.
  const onVerificationPage = useMatch('/verifier-email/:token') !== null;
  if (email === null || onVerificationPage) return null;
  return (
    <section className="sh-verify-banner" aria-labelledby="sh-verify-banner-title">
      <strong id="sh-verify-banner-title" className="sh-verify-banner__title">
        Confirmez votre adresse email
      </strong>
      <p className="sh-verify-banner__text">
        {`Nous avons envoyé un lien de confirmation à ${email}. Vous pouvez réserver dès maintenant ; ce que vous nous aviez envoyé avec cette adresse avant votre inscription ne rejoindra votre compte qu'une fois l'adresse confirmée.`}
      </p>
      <button type="button" className="sk-button sk-button--secondary" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Envoi en cours...' : 'Renvoyer le lien'}
      </button>
      <p className="sh-verify-banner__outcome" role="status">
        {outcome?.kind === 'sent' ? outcome.message : ''}
      </p>
      {outcome?.kind === 'error' ? (
        <p className="sh-verify-banner__outcome sh-verify-banner__outcome--error" role="alert">
          {outcome.message}
        </p>
      ) : null}
    </section>
  );
}
