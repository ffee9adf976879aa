import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  EMPTY_OWNER_REQUEST,
  OWNER_FORM_PENDING_MESSAGE,
  trimOwnerRequest,
  validateOwnerRequest,
  type OwnerRequest,
  type OwnerRequestErrors,
} from './ownerForm';

export interface OwnerEstimateFormProps {
  /** Id of the heading that names the form. */
  labelledBy: string;
}

type Field = keyof OwnerRequest;

/**
 * The owner estimate form: nom and email required, prenom and message optional (spec section 5).
 * Until a later decision (DECISIONS 18) it sends nothing: a valid request is logged and an alert
 * says the feature is coming. Invalid fields get a French message and the first one gets the focus.
 */
export function OwnerEstimateForm({ labelledBy }: OwnerEstimateFormProps) {
  const id = useId();
  const ids = (field: Field) => ({ input: `${id}-${field}`, hint: `${id}-${field}-aide`, error: `${id}-${field}-erreur` });
  const [values, setValues] = useState<OwnerRequest>(EMPTY_OWNER_REQUEST);
  // Errors show after a submit attempt, then follow the input until the request is valid.
  const [attempted, setAttempted] = useState(false);
  const errors: OwnerRequestErrors = attempted ? validateOwnerRequest(values) : {};
  const nomRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateOwnerRequest(values);
    if (found.nom !== undefined || found.email !== undefined) {
      setAttempted(true);
      (found.nom !== undefined ? nomRef : emailRef).current?.focus();
      return;
    }
    setAttempted(false);
    console.info('Demande d’estimation propriétaire (non transmise) :', trimOwnerRequest(values));
    window.alert(OWNER_FORM_PENDING_MESSAGE);
  };

  const errorOf = (field: Field): string | undefined => (field === 'nom' || field === 'email' ? errors[field] : undefined);
  const describedBy = (field: Field, hint: boolean): string | undefined => {
    const parts = [hint ? ids(field).hint : null, errorOf(field) !== undefined ? ids(field).error : null].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(' ') : undefined;
  };

  const fieldError = (field: 'nom' | 'email') =>
    errors[field] !== undefined && (
      <p id={ids(field).error} className="cat-form__error">
        {errors[field]}
      </p>
    );

  return (
    <form className="cat-form" aria-labelledby={labelledBy} noValidate onSubmit={submit}>
      <p className="cat-form__note">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
      <div className="cat-form__row">
        <div className="cat-form__field">
          <label className="cat-form__label" htmlFor={ids('nom').input}>
            Nom
          </label>
          <span className="cat-form__required" aria-hidden="true">
            *
          </span>
          <input
            ref={nomRef}
            id={ids('nom').input}
            className="cat-form__input"
            name="nom"
            type="text"
            autoComplete="family-name"
            required
            aria-invalid={errors.nom !== undefined}
            aria-describedby={describedBy('nom', false)}
            value={values.nom}
            onChange={change('nom')}
          />
          {fieldError('nom')}
        </div>
        <div className="cat-form__field">
          <label className="cat-form__label" htmlFor={ids('prenom').input}>
            Prénom
          </label>
          <span id={ids('prenom').hint} className="cat-form__hint">
            (facultatif)
          </span>
          <input
            id={ids('prenom').input}
            className="cat-form__input"
            name="prenom"
            type="text"
            autoComplete="given-name"
            aria-describedby={describedBy('prenom', true)}
            value={values.prenom}
            onChange={change('prenom')}
          />
        </div>
      </div>
      <div className="cat-form__field">
        <label className="cat-form__label" htmlFor={ids('email').input}>
          Email
        </label>
        <span className="cat-form__required" aria-hidden="true">
          *
        </span>
        <input
          ref={emailRef}
          id={ids('email').input}
          className="cat-form__input"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="exemple@domaine.fr"
          required
          aria-invalid={errors.email !== undefined}
          aria-describedby={describedBy('email', false)}
          value={values.email}
          onChange={change('email')}
        />
        {fieldError('email')}
      </div>
      <div className="cat-form__field">
        <label className="cat-form__label" htmlFor={ids('message').input}>
          Message
        </label>
        <span id={ids('message').hint} className="cat-form__hint">
          (facultatif : adresse ou quartier, surface, nombre de pièces…)
        </span>
        <textarea
          id={ids('message').input}
          className="cat-form__input cat-form__textarea"
          name="message"
          rows={5}
          aria-describedby={describedBy('message', true)}
          value={values.message}
          onChange={change('message')}
        />
      </div>
      <button type="submit" className="cat-cta cat-cta--primary cat-form__submit">
        Demander une estimation gratuite
      </button>
    </form>
  );
}
