/** A labelled input with an optional hint and an error announced by screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

export function Field({ label, hint, error, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`sk-field${className ? ` ${className}` : ''}`}>
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="sk-field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId} className="sk-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="sk-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the focus on a form's field by name (the first one in error after a refused submit). */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
