/** /login, 'Connexion' (spec sections 2 and 8, DECISIONS 13). */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import {
  authApi,
  getRuntimeConfig,
  isValidEmail,
  Spinner,
  usePageMeta,
  useMutation,
  useSession,
  CheckboxField,
  focusField,
  Alert,
} from 'shared-kernel';
import { GoogleSignIn } from '../auth/GoogleSignIn';
import { LOGIN_MESSAGES, LOGIN_QUERY_MESSAGES, loginFailureMessage, queryErrorMessage } from '../auth/messages';
import { safeRedirectTarget, withReturnTo } from '../auth/redirect';
import { isLoginResponse, useCompleteSignIn } from '../auth/useCompleteSignIn';
import { AuthForm, AuthSwitch, EmailField, PasswordField } from '../ui/AuthForm';

interface LoginState {
  message?: unknown;
  email?: unknown;
  /** Sent by the admin guard: a signed-in client may sign in again with an admin account. */
  adminRequired?: unknown;
}

export const ADMIN_REQUIRED_MESSAGE = 'Cette page est réservée aux administrateurs. Connectez-vous avec un compte administrateur.';

function infoMessage(state: LoginState | null, queryMessage: string | null): string | null {
  if (state && typeof state.message === 'string' && state.message.trim() !== '') return state.message;
  if (state?.adminRequired === true) return ADMIN_REQUIRED_MESSAGE;
  if (queryMessage && LOGIN_QUERY_MESSAGES.includes(queryMessage)) return queryMessage;
  return null;
}

export function LoginPage() {
  usePageMeta('Connexion', `Connectez-vous à votre compte ${getRuntimeConfig().siteName} pour réserver et suivre vos séjours à Metz.`);
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = (location.state ?? null) as LoginState | null;
  const target = safeRedirectTarget(searchParams.get('redirect'));
  const info = infoMessage(state, searchParams.get('message'));
  const { complete, signedInHere } = useCompleteSignIn();

  const [email, setEmail] = useState(typeof state?.email === 'string' ? state.email : '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [queryError, setQueryError] = useState<string | null>(null);
  const signIn = useMutation({
    mutationFn: ({ address, password }: { address: string; password: string; remember: boolean; target: string }) =>
      authApi.login(address, password),
    onSuccess: (response, { remember, target }) => {
      if (isLoginResponse(response)) complete(response, remember, target);
    },
  });
  const signedIn = signIn.isSuccess && isLoginResponse(signIn.data);
  // Once signed in, the form stays busy while the target page opens.
  const submitting = signIn.isPending || signedIn;
  const error = signIn.isError ? loginFailureMessage(signIn.error) : signIn.isSuccess && !signedIn ? LOGIN_MESSAGES.generic : null;

  // The `error` code (Google sign-in outcome) is shown once, then removed from the address.
  const errorCode = searchParams.get('error');
  useEffect(() => {
    if (errorCode === null) return;
    setQueryError(queryErrorMessage(errorCode));
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('error');
        return next;
      },
      { replace: true, state: location.state as unknown },
    );
  }, [errorCode, setSearchParams, location.state]);

  const adminRequired = state?.adminRequired === true && user?.role !== 'admin';
  if (user && !signedInHere.current && !adminRequired) return <Navigate to="/" replace />;
  // A stored token is being checked: the visitor may turn out to be signed in already.
  if (status === 'loading') return <Spinner />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    const problems: { email?: string; password?: string } = {};
    if (!address) problems.email = 'Veuillez saisir votre adresse email.';
    else if (!isValidEmail(address)) problems.email = 'Veuillez saisir une adresse email valide.';
    if (!password) problems.password = 'Veuillez saisir votre mot de passe.';
    setFieldErrors(problems);
    signIn.reset();
    setQueryError(null);
    if (problems.email || problems.password) {
      focusField(event.currentTarget, problems.email ? 'email' : 'password');
      return;
    }
    signIn.mutate({ address, password, remember, target });
  };

  return (
    <AuthForm
      titleId="sh-login-title"
      title="Connexion"
      notices={
        <>
          {info ? <Alert tone="info">{info}</Alert> : null}
          {queryError ? <Alert tone="danger">{queryError}</Alert> : null}
        </>
      }
      error={error}
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel="Se connecter"
      submittingLabel="Connexion en cours..."
      after={
        <>
          <GoogleSignIn onSignedIn={(response) => complete(response, true, target)} />
          <AuthSwitch prompt="Pas encore de compte ?" to={withReturnTo('/register', target)}>
            Créer un compte
          </AuthSwitch>
        </>
      }
    >
      <EmailField value={email} onChange={setEmail} error={fieldErrors.email ?? null} />
      <PasswordField label="Mot de passe" value={password} onChange={setPassword} error={fieldErrors.password ?? null} />
      <div className="sk-cluster sk-cluster--between sh-form__row">
        <CheckboxField label="Se souvenir de moi" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
        <Link className="sh-link" to={withReturnTo('/forgot-password', target)}>
          Mot de passe oublié ?
        </Link>
      </div>
    </AuthForm>
  );
}
