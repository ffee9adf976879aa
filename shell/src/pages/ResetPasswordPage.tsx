/** /reset-password/:token: choose a new password with the link received by email. */
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  authApi,
  describeFailure,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  useMutation,
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

/** What a failed change tells: the link is invalid (a page of its own), or a message above the form. */
function failureOf(error: unknown): { outcome: Outcome; error: string | null } {
  const described = describeFailure(error);
  // The password rule is checked before sending with the server's own rule: a 400 here is the link.
  if (described.kind === 'response' && described.status === 400) {
    return { outcome: { kind: 'invalid-link', message: described.message ?? LINK_INVALID_FALLBACK }, error: null };
  }
  if (described.kind === 'no-response') return { outcome: null, error: LOGIN_MESSAGES.noResponse };
  return {
    outcome: null,
    error: described.kind === 'response' && described.status < 500 && described.message ? described.message : RESET_FAILURE,
  };
}

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
  const change = useMutation({ mutationFn: (chosen: string) => authApi.resetPassword(token, chosen) });
  const submitting = change.isPending;
  const failure = change.isError ? failureOf(change.error) : null;
  const outcome: Outcome = change.isSuccess
    ? { kind: 'done', message: typeof change.data === 'string' && change.data.trim() !== '' ? change.data : RESET_DONE_FALLBACK }
    : (failure?.outcome ?? null);
  const error = failure?.error ?? null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found: Problems = {};
    const rule = passwordProblem(password);
    if (rule) found.password = rule;
    if (!confirmation) found.confirmation = 'Veuillez confirmer le mot de passe.';
    else if (confirmation !== password) found.confirmation = PASSWORDS_DIFFER;
    setProblems(found);
    change.reset();
    if (found.password || found.confirmation) {
      focusField(event.currentTarget, found.password ? 'password' : 'confirmation');
      return;
    }
    change.mutate(password);
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
