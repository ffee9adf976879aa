import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './ui.css';

interface Labelled {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

function describedBy(id: string, hint: unknown, error: unknown): { hintId?: string; errorId?: string; ids?: string } {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const ids = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, ids };
}

function Notes({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string; error?: string | null; errorId?: string }) {
  return (
    <>
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
    </>
  );
}

export type TextFieldProps = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with an optional hint and an error announced by screen readers. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  const id = useId();
  const notes = describedBy(id, hint, error);
  return (
    <div className="sk-field">
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="sk-field__input" aria-invalid={error ? true : undefined} aria-describedby={notes.ids} {...input} />
      <Notes hint={hint} hintId={notes.hintId} error={error} errorId={notes.errorId} />
    </div>
  );
}

export type TextAreaFieldProps = Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line field, same conventions as `TextField`. */
export function TextAreaField({ label, hint, error, ...area }: TextAreaFieldProps) {
  const id = useId();
  const notes = describedBy(id, hint, error);
  return (
    <div className="sk-field">
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} className="sk-field__input" aria-invalid={error ? true : undefined} aria-describedby={notes.ids} {...area} />
      <Notes hint={hint} hintId={notes.hintId} error={error} errorId={notes.errorId} />
    </div>
  );
}

/** Puts the focus on a form's field by name (the first one in error after a refused submit). */
export function focusField(form: HTMLFormElement, name: string): void {
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
