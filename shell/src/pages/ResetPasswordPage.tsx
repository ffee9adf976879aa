/** /reset-password/:token: choose a new password with the link received by email. */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  authApi,
  describeFailure,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  usePageMeta,
  focusField,
  Alert,
} from 'shared-kernel';
import { LOGIN_MESSAGES } from '../auth/messages';
import { AuthCard, AuthForm, AuthSwitch, PasswordField } from '../ui/AuthForm';

export const PASSWORDS_DIFFER = 'Les mots de passe ne correspondent pas.';
export const RESET_FAILURE = 'Une erreur est survenue lors du changement de mot de passe. Veuillez réessayer.';
export const RESET_PASSWORD_RULE = `Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`;
const RESET_DONE_FALLBACK = 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.';
const LINK_INVALID_FALLBACK = 'Ce lien de réinitialisation est invalide ou a expiré.';

type Outcome = { kind: 'done'; message: string } | { kind: 'invalid-link'; message: string } | null;

interface Problems {
  password?: string;
  confirmation?: string;
}

export function ResetPasswordPage() {
  usePageMeta('Nouveau mot de passe', 'Choisissez un nouveau mot de passe pour votre compte.');
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found: Problems = {};
    const rule = passwordProblem(password);
    if (rule) found.password = rule;
    if (!confirmation) found.confirmation = 'Veuillez confirmer le mot de passe.';
    else if (confirmation !== password) found.confirmation = PASSWORDS_DIFFER;
    setProblems(found);
    setError(null);
    if (found.password || found.confirmation) {
      focusField(event.currentTarget, found.password ? 'password' : 'confirmation');
      return;
    }
    setSubmitting(true);
    try {
      const message = await authApi.resetPassword(token, password);
      setOutcome({ kind: 'done', message: typeof message === 'string' && message.trim() !== '' ? message : RESET_DONE_FALLBACK });
    } catch (failure) {
      const described = describeFailure(failure);
      // The password rule is checked above with the server's own rule: a 400 here is the link.
      if (described.kind === 'response' && described.status === 400) {
        setOutcome({ kind: 'invalid-link', message: described.message ?? LINK_INVALID_FALLBACK });
      } else if (described.kind === 'no-response') {
        setError(LOGIN_MESSAGES.noResponse);
      } else {
        setError(described.kind === 'response' && described.status < 500 && described.message ? described.message : RESET_FAILURE);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const title = 'Choisir un nouveau mot de passe';
  if (outcome) {
    return (
      <AuthCard titleId="sh-reset-title" title={title}>
        <Alert tone={outcome.kind === 'done' ? 'success' : 'danger'}>{outcome.message}</Alert>
        <p className="sh-auth__switch">
          <Link className="sk-button sk-button--primary sk-button--block" to={outcome.kind === 'done' ? '/login' : '/forgot-password'}>
            {outcome.kind === 'done' ? 'Se connecter' : 'Demander un nouveau lien'}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthForm
      titleId="sh-reset-title"
      title={title}
      error={error}
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel="Changer mon mot de passe"
      submittingLabel="Modification en cours..."
      after={<AuthSwitch to="/login">Retour à la connexion</AuthSwitch>}
    >
      <PasswordField
        label="Nouveau mot de passe"
        fresh
        rule={RESET_PASSWORD_RULE}
        value={password}
        onChange={setPassword}
        error={problems.password ?? null}
      />
      <PasswordField
        label="Confirmer le mot de passe"
        name="confirmation"
        fresh
        value={confirmation}
        onChange={setConfirmation}
        error={problems.confirmation ?? null}
      />
    </AuthForm>
  );
}
