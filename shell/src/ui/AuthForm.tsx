/**
 * The frame of the shell's four account pages (login, register, forgot and reset password): a
 * card under its title, the page's notices, the kernel's form frame (its submit error above it, one
 * full-width submit button) and the links under it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  EMAIL_MAX_LENGTH,
  FormFrame,
  PASSWORD_MIN_LENGTH,
  TextField,
  type FormFrameProps,
  type TextFieldProps,
  TitledSection,
} from 'shared-kernel';

export interface AuthCardProps {
  /** Id of the page's heading, which names its section. */
  titleId: string;
  title: string;
  /** A sentence under the title. */
  intro?: string;
  children: ReactNode;
}

/** The card of an account page, centred under its heading. */
export function AuthCard({ titleId, title, intro, children }: AuthCardProps) {
  return (
    <div className="sh-auth">
      <TitledSection title={title} titleId={titleId} level={1} className="sh-auth__card" titleClassName="sh-auth__title">
        {intro ? <p className="sh-auth__intro">{intro}</p> : null}
        {children}
      </TitledSection>
    </div>
  );
}

export type AuthFormProps = Omit<AuthCardProps, 'children'> &
  Omit<FormFrameProps, 'className' | 'submitClassName'> & {
    /** Messages shown above the form (information, the outcome of a link). */
    notices?: ReactNode;
    /** What follows the form: the Google button, the links to the other pages. */
    after?: ReactNode;
  };

/** An account page's card with its form. */
export function AuthForm({ titleId, title, intro, notices, after, ...form }: AuthFormProps) {
  return (
    <AuthCard titleId={titleId} title={title} intro={intro}>
      {notices}
      <FormFrame className="sh-form" submitClassName="sk-button sk-button--primary sk-button--block" {...form} />
      {after}
    </AuthCard>
  );
}

/** A field of an account page: required ones keep their bare label (no asterisk), as they always had. */
export function AuthField(props: TextFieldProps) {
  return <TextField markRequired={false} {...props} />;
}

interface ValueFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}

/** The account's email address (login, register, forgot password). */
export function EmailField({ value, onChange, error }: ValueFieldProps) {
  return (
    <AuthField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

/** A password: the current one (login), or a new one (`fresh`) with its rule as hint and its minimum length (register, reset). */
export function PasswordField({
  label,
  name = 'password',
  fresh = false,
  rule,
  value,
  onChange,
  error,
}: ValueFieldProps & { label: string; name?: string; fresh?: boolean; rule?: string }) {
  return (
    <AuthField
      label={label}
      type="password"
      name={name}
      autoComplete={fresh ? 'new-password' : 'current-password'}
      required
      minLength={fresh && rule ? PASSWORD_MIN_LENGTH : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={rule}
      error={error}
    />
  );
}

/** The line under a form leading to another account page ('Déjà un compte ? Se connecter'). */
export function AuthSwitch({ prompt, to, children }: { prompt?: string; to: string; children: ReactNode }) {
  return (
    <p className="sh-auth__switch">
      {prompt ? `${prompt} ` : null}
      <Link className="sh-link" to={to}>
        {children}
      </Link>
    </p>
  );
}
