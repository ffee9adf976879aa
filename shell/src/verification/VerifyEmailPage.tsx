/** /verifier-email/:token: follows the link mailed to confirm the address, and says how it went. */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { authApi, describeFailure, getSession, usePageMeta, useSession, Alert } from 'shared-kernel';
import { LOGIN_MESSAGES } from '../auth/messages';
import { refreshSession, sessionRestored } from '../session/session';
import { useResendVerification } from './useResendVerification';

export const VERIFY_FAILURE = "Votre adresse n'a pas pu être confirmée. Veuillez réessayer plus tard.";
const LINK_INVALID_FALLBACK = 'Ce lien de vérification est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.';

type Outcome = { kind: 'pending' } | { kind: 'done' | 'invalid-link' | 'error'; message: string };

// A link works once: the same token asked twice in one page's life (a re-mount) reuses the first answer.
const calls = new Map<string, Promise<string>>();
function verifyOnce(token: string): Promise<string> {
  let call = calls.get(token);
  if (!call) {
    call = authApi.verifyEmail(token);
    calls.set(token, call);
  }
  return call;
}

export function VerifyEmailPage() {
  usePageMeta('Confirmation de l’adresse email', 'Confirmez l’adresse email de votre compte.');
  const { token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const signedIn = useSession((state) => state.user !== null);
  const { resend, sending, outcome: resent } = useResendVerification();

  useEffect(() => {
    let active = true;
    verifyOnce(token).then(
      async (message) => {
        // The reminder banner goes at once for the account signed in here. On a fresh load the session
        // may still be restoring, its answer read before this verification: refresh once it is restored.
        await sessionRestored();
        if (getSession().user) await refreshSession();
        if (active) setOutcome({ kind: 'done', message });
      },
      (failure: unknown) => {
        if (!active) return;
        const described = describeFailure(failure);
        if (described.kind === 'response' && described.status === 400)
          setOutcome({ kind: 'invalid-link', message: described.message ?? LINK_INVALID_FALLBACK });
        else if (described.kind === 'no-response') setOutcome({ kind: 'error', message: LOGIN_MESSAGES.noResponse });
        else setOutcome({ kind: 'error', message: VERIFY_FAILURE });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  return (
    <div className="sh-auth">
      <section className="sh-auth__card" aria-labelledby="sh-verify-title" aria-busy={outcome.kind === 'pending'}>
        <h1 id="sh-verify-title" className="sh-auth__title">
          Confirmation de votre adresse email
        </h1>
        {outcome.kind === 'pending' ? <Alert tone="info">Vérification du lien en cours...</Alert> : null}
        {outcome.kind === 'done' ? (
          <>
            <Alert tone="success">{outcome.message}</Alert>
            <p className="sh-auth__switch">
              <Link className="sk-button sk-button--primary sk-button--block" to={signedIn ? '/profile' : '/login'}>
                {signedIn ? 'Voir mon profil' : 'Se connecter'}
              </Link>
            </p>
          </>
        ) : null}
        {outcome.kind === 'invalid-link' || outcome.kind === 'error' ? (
          <>
            <Alert tone="danger">{outcome.message}</Alert>
            {signedIn ? (
              <>
                <button
                  type="button"
                  className="sk-button sk-button--primary sk-button--block"
                  onClick={() => void resend()}
                  disabled={sending}
                >
                  {sending ? 'Envoi en cours...' : 'Renvoyer le lien'}
                </button>
                {resent ? <Alert tone={resent.kind === 'sent' ? 'success' : 'danger'}>{resent.message}</Alert> : null}
              </>
            ) : (
              <p className="sh-auth__switch">
                Connectez-vous pour recevoir un nouveau lien.{' '}
                <Link className="sh-link" to="/login">
                  Se connecter
                </Link>
              </p>
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
