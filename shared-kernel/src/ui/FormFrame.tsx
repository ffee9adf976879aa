import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import { Alert } from './Alert.js';

export interface FormFrameProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last submit failed: an alert above the form (null or absent: none). */
  error?: ReactNode;
  /** While true the submit button is disabled and says `submittingLabel`. */
  submitting?: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** The submit button's classes (a primary `sk-button` by default). */
  submitClassName?: string;
  /** Shown beside the submit button, after it (a cancel button, a link). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A form of the kit: the browser's own validation off (the fields say what is wrong, in French),
 * the last failure in an alert above it, and one submit button that is disabled and says so while
 * the request runs.
 */
export function FormFrame({
  onSubmit,
  error,
  submitting = false,
  submitLabel,
  submittingLabel,
  submitClassName = 'sk-button sk-button--primary',
  actions,
  children,
  ...form
}: FormFrameProps) {
  const submit = (
    <button type="submit" className={submitClassName} disabled={submitting}>
      {submitting ? submittingLabel : submitLabel}
    </button>
  );
  return (
    <>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form noValidate onSubmit={onSubmit} {...form}>
        {children}
        {actions ? (
          <div className="sk-actions">
            {submit}
            {actions}
          </div>
        ) : (
          submit
        )}
      </form>
    </>
  );
}
