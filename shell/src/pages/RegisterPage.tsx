/** /register, 'Créer un compte' (spec sections 2 and 8). */
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import {
  authApi,
  getRuntimeConfig,
  isValidEmail,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordProblem,
  Spinner,
  useMutation,
  usePageMeta,
  useSession,
  focusField,
} from 'shared-kernel';
import { GoogleSignIn } from '../auth/GoogleSignIn';
import { ACCOUNT_CREATED, registerFailureMessage } from '../auth/messages';
import { useReturnTo, withReturnTo } from '../auth/redirect';
import { useCompleteSignIn } from '../auth/useCompleteSignIn';
import { AuthField, AuthForm, AuthSwitch, EmailField, PasswordField } from '../ui/AuthForm';

type Problems = { name?: string; email?: string; password?: string };

export const PASSWORD_RULE = `Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`;

export function RegisterPage() {
  usePageMeta('Créer un compte', `Créez votre compte ${getRuntimeConfig().siteName} pour réserver un appartement meublé à Metz.`);
  const user = useSession((s) => s.user);
  const status = useSession((s) => s.status);
  const navigate = useNavigate();
  const { complete, signedInHere } = useCompleteSignIn();
  // The page the guest was going to (the stay being booked): kept through sign-up and sign-in.
  const target = useReturnTo();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const signUp = useMutation({
    mutationFn: (account: { nom: string; email: string; password: string }) => authApi.register(account),
    onSuccess: (_, { email: address }) =>
      void navigate(withReturnTo('/login', target), { state: { message: ACCOUNT_CREATED, email: address } }),
  });
  // Once the account is created, the form stays busy while the sign-in page opens.
  const submitting = signUp.isPending || signUp.isSuccess;
  const error = signUp.isError ? registerFailureMessage(signUp.error) : null;

  if (user && !signedInHere.current) return <Navigate to="/" replace />;
  // A stored token is being checked: the visitor may turn out to be signed in already.
  if (status === 'loading') return <Spinner />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const nom = name.trim();
    const address = email.trim();
    const found: Problems = {};
    if (!nom) found.name = 'Veuillez saisir votre nom complet.';
    if (!address) found.email = 'Veuillez saisir votre adresse email.';
    else if (!isValidEmail(address)) found.email = 'Veuillez saisir une adresse email valide.';
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) found.password = passwordIssue;
    setProblems(found);
    signUp.reset();
    if (found.name || found.email || found.password) {
      focusField(event.currentTarget, found.name ? 'name' : found.email ? 'email' : 'password');
      return;
    }

    signUp.mutate({ nom, email: address, password });
  };

  return (
    <AuthForm
      titleId="sh-register-title"
      title="Créer un compte"
      error={error}
      onSubmit={onSubmit}
      submitting={submitting}
      submitLabel="Créer mon compte"
      submittingLabel="Création en cours..."
      after={
        <>
          <GoogleSignIn context="signup" onSignedIn={(response) => complete(response, true, target)} />
          <AuthSwitch prompt="Déjà un compte ?" to={withReturnTo('/login', target)}>
            Se connecter
          </AuthSwitch>
        </>
      }
    >
      <AuthField
        label="Nom complet"
        type="text"
        name="name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={problems.name ?? null}
      />
      <EmailField value={email} onChange={setEmail} error={problems.email ?? null} />
      <PasswordField
        label="Mot de passe"
        fresh
        rule={PASSWORD_RULE}
        value={password}
        onChange={setPassword}
        error={problems.password ?? null}
      />
    </AuthForm>
  );
}
