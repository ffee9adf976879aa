/** /forgot-password, 'Mot de passe oublié': shows the confirmation only, no call (spec section 2). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { EMAIL_MAX_LENGTH, isValidEmail, usePageMeta } from 'shared-kernel';
import { FORGOT_PASSWORD_SENT } from '../auth/messages';
import { Field, focusField } from '../ui/Field';
import { Notice } from '../ui/Notice';

export function ForgotPasswordPage() {
  usePageMeta('Mot de passe oublié', 'Demandez la réinitialisation du mot de passe de votre compte.');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    const found = !address ? 'Veuillez saisir votre adresse email.' : isValidEmail(address) ? null : 'Veuillez saisir une adresse email valide.';
    setProblem(found);
    setSent(found === null);
    if (found) focusField(event.currentTarget, 'email');
  };

  return (
    <div className="sh-auth">
      <section className="sh-auth__card" aria-labelledby="sh-forgot-title">
        <h1 id="sh-forgot-title" className="sh-auth__title">
          Mot de passe oublié
        </h1>
        <p className="sh-auth__intro">Indiquez l'adresse email de votre compte pour recevoir un lien de réinitialisation.</p>
        {sent ? <Notice kind="success">{FORGOT_PASSWORD_SENT}</Notice> : null}
        <form className="sh-form" noValidate onSubmit={onSubmit}>
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={problem}
          />
          <button type="submit" className="sh-button sh-button--primary sh-button--block">
            Envoyer le lien de réinitialisation
          </button>
        </form>
        <p className="sh-auth__switch">
          <Link className="sh-link" to="/login">
            Retour à la connexion
          </Link>
        </p>
      </section>
    </div>
  );
}
