/** /forgot-password, 'Mot de passe oublié': asks the server for a reset link (the answer never says whether the account exists). */
import { useState, type FormEvent } from 'react';
import { authApi, describeFailure, isValidEmail, usePageMeta, focusField, Alert } from 'shared-kernel';
import { FORGOT_PASSWORD_SENT, LOGIN_MESSAGES } from '../auth/messages';
import { useReturnTo, withReturnTo } from '../auth/redirect';
import { AuthForm, AuthSwitch, EmailField } from '../ui/AuthForm';

export const FORGOT_PASSWORD_FAILURE = 'Une erreur est survenue lors de la demande de réinitialisation. Veuillez réessayer.';

/** The message for a failed request: no answer, the server's own French text (invalid address, too many requests), or a generic one. */
export function forgotPasswordFailureMessage(error: unknown): string {
  const failure = describeFailure(error);
  if (failure.kind === 'no-response') return LOGIN_MESSAGES.noResponse;
  if (failure.kind === 'response' && failure.status < 500 && failure.message) return failure.message;
  return FORGOT_PASSWORD_FAILURE;
}

export function ForgotPasswordPage() {
  usePageMeta('Mot de passe oublié', 'Demandez la réinitialisation du mot de passe de votre compte.');
  const returnTo = useReturnTo();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    const found = !address
      ? 'Veuillez saisir votre adresse email.'
      : isValidEmail(address)
        ? null
        : 'Veuillez saisir une adresse email valide.';
    setProblem(found);
    setSent(null);
    setError(null);
    if (found) {
      focusField(event.currentTarget, 'email');
      return;
    }
    setSubmitting(true);
    try {
      const message = await authApi.forgotPassword(address);
      setSent(typeof message === 'string' && message.trim() !== '' ? message : FORGOT_PASSWORD_SENT);
    } catch (failure) {
      setError(forgotPasswordFailureMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthForm
      titleId="sh-forgot-title"
      title="Mot de passe oublié"
      intro="Indiquez l'adresse email de votre compte pour recevoir un lien de réinitialisation."
      notices={sent ? <Alert tone="success">{sent}</Alert> : null}
      error={error}
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel="Envoyer le lien de réinitialisation"
      submittingLabel="Envoi en cours..."
      after={<AuthSwitch to={withReturnTo('/login', returnTo)}>Retour à la connexion</AuthSwitch>}
    >
      <EmailField value={email} onChange={setEmail} error={problem} />
    </AuthForm>
  );
}
