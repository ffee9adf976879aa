import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/** What every field of the kit takes besides its element's own attributes. */
export interface FieldLabelling {
  label: ReactNode;
  /** A short help under the field, read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field's own error message: shown under it, announced (role="alert") and read with it. */
  error?: string | null;
  /** Marks the field as the one in error when the form shows the message itself. */
  invalid?: boolean;
  /** A required field's label gets a visual asterisk (the `required` attribute tells assistive technologies); `false` keeps the label bare. */
  markRequired?: boolean;
  /** Extra class of the field's box (`sk-field`). */
  className?: string;
}

interface Wiring {
  id: string;
  boxClass: string;
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  notes: ReactNode;
}

/** The ids, classes and notes one field needs: its hint and error are described by id, its box marked required. */
function useFieldWiring(
  { hint, error, invalid, markRequired, className }: Omit<FieldLabelling, 'label'>,
  required: boolean | undefined,
): Wiring {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const boxClass = ['sk-field', required && markRequired !== false ? 'sk-field--required' : '', className ?? ''].filter(Boolean).join(' ');
  return {
    id,
    boxClass,
    control: { id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy },
    notes: (
      <>
        {hint ? (
          <p id={hintId} className="sk-field__hint">
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId} message={error} />
      </>
    ),
  };
}

/**
 * An error message under a control or a button (`sk-field__error`), announced at once (role="alert");
 * nothing without a message. `id` lets the control name it in its `aria-describedby`.
 */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="sk-field__error" role="alert">
      {message}
    </p>
  ) : null;
}

export type TextFieldProps = FieldLabelling & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input (text, email, password, number, date…) with its hint and error. */
export function TextField({ label, hint, error, invalid, markRequired, className, ...input }: TextFieldProps) {
  const field = useFieldWiring({ hint, error, invalid, markRequired, className }, input.required);
  return (
    <div className={field.boxClass}>
      <label className="sk-field__label" htmlFor={field.id}>
        {label}
      </label>
      <input className="sk-field__input" {...field.control} {...input} />
      {field.notes}
    </div>
  );
}

export type NumberFieldProps = Omit<TextFieldProps, 'type'>;

/** A labelled number input (`inputMode` decimal unless given). */
export function NumberField(props: NumberFieldProps) {
  return <TextField inputMode="decimal" {...props} type="number" />;
}

export type TextAreaFieldProps = FieldLabelling & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled multi-line field, same conventions as `TextField`. */
export function TextAreaField({ label, hint, error, invalid, markRequired, className, ...area }: TextAreaFieldProps) {
  const field = useFieldWiring({ hint, error, invalid, markRequired, className }, area.required);
  return (
    <div className={field.boxClass}>
      <label className="sk-field__label" htmlFor={field.id}>
        {label}
      </label>
      <textarea className="sk-field__input" {...field.control} {...area} />
      {field.notes}
    </div>
  );
}

export type SelectFieldProps = FieldLabelling & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & { children: ReactNode };

/** A labelled select, same conventions as `TextField`. */
export function SelectField({ label, hint, error, invalid, markRequired, className, children, ...select }: SelectFieldProps) {
  const field = useFieldWiring({ hint, error, invalid, markRequired, className }, select.required);
  return (
    <div className={field.boxClass}>
      <label className="sk-field__label" htmlFor={field.id}>
        {label}
      </label>
      <select className="sk-field__input" {...field.control} {...select}>
        {children}
      </select>
      {field.notes}
    </div>
  );
}

export type CheckboxFieldProps = Omit<FieldLabelling, 'markRequired'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'type'>;

/** A checkbox with its label beside it (the whole line clickable), its hint and error under it. */
export function CheckboxField({ label, hint, error, invalid, className, ...input }: CheckboxFieldProps) {
  const field = useFieldWiring({ hint, error, invalid, markRequired: false, className }, false);
  return (
    <div className={`${field.boxClass} sk-field--check`}>
      <label className="sk-check" htmlFor={field.id}>
        <input type="checkbox" {...field.control} {...input} />
        <span>{label}</span>
      </label>
      {field.notes}
    </div>
  );
}

/** Puts the focus on a form's field by name (the first one in error after a refused submit). */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  if (!form || !name) return;
  const field = form.elements.namedItem(name);
  if (field instanceof HTMLElement) field.focus();
}
