import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import './ui.css';

interface Labelled {
  label: string;
  hint?: ReactNode;
  /** Marks the field as the one in error (the message itself is shown by the form). */
  invalid?: boolean;
}

/** A required field's label gets a visual asterisk (the `required` attribute tells assistive technologies). */
function fieldClass(className: string | undefined, required: boolean | undefined): string {
  return ['sk-field', required ? 'sk-field--required' : '', className ?? ''].filter(Boolean).join(' ');
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={id} className="sk-field__hint">
      {hint}
    </p>
  ) : null;
}

export type TextFieldProps = Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with an optional hint. */
export function TextField({ label, hint, invalid, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className={fieldClass(className, input.required)}>
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="sk-field__input"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      <Hint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

export type TextAreaFieldProps = Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

/** A labelled multi-line field. */
export function TextAreaField({ label, hint, invalid, className, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={fieldClass(className, area.required)}>
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="sk-field__input"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...area}
      />
      <Hint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

export type SelectFieldProps = Omit<Labelled, 'invalid'> & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { children: ReactNode };

/** A labelled select. */
export function SelectField({ label, hint, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`sk-field${className ? ` ${className}` : ''}`}>
      <label className="sk-field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="sk-field__input" aria-describedby={hint ? `${id}-hint` : undefined} {...select}>
        {children}
      </select>
      <Hint id={`${id}-hint`} hint={hint} />
    </div>
  );
}

/** Puts the focus on a form's field by name (the one in error after a refused submit). */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  if (!form || !name) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
