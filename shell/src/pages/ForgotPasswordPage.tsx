/** /forgot-password, 'Mot de passe oublié': asks the server for a reset link (the answer never says whether the account exists). */
import { useState, type FormEvent } from 'react';
import { authApi, describeFailure, isValidEmail, useMutation, usePageMeta, focusField, Alert } from 'shared-kernel';
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
  const request = useMutation({ mutationFn: (address: string) => authApi.forgotPassword(address) });
  const submitting = request.isPending;
  const sent = request.isSuccess
    ? typeof request.data === 'string' && request.data.trim() !== ''
      ? request.data
      : FORGOT_PASSWORD_SENT
    : null;
  const error = request.isError ? forgotPasswordFailureMessage(request.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    const found = !address
      ? 'Veuillez saisir votre adresse email.'
      : isValidEmail(address)
        ? null
        : 'Veuillez saisir une adresse email valide.';
    setProblem(found);
    request.reset();
    if (found) {
      focusField(event.currentTarget, 'email');
      return;
    }
    request.mutate(address);
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
