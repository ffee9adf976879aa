import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { OWNER_LEAD_CONSENT, serverMessage } from 'shared-kernel';
import {
  EMPTY_OWNER_REQUEST,
  SEND_FAILED,
  sendOwnerLead,
  validateOwnerRequest,
  type OwnerRequest,
  type OwnerRequestErrors,
} from './ownerForm';

export interface OwnerEstimateFormProps {
  /** Id of the heading that names the form. */
  labelledBy: string;
}

type Field = Exclude<keyof OwnerRequest, 'consentement' | 'siteWeb'> | 'consentement';

/**
 * The owner estimate form: nom and email required, prenom and message optional (spec section 5),
 * and the consent to be contacted. A valid request is sent to the API (DECISIONS 28), then an alert
 * thanks the visitor and the form empties. Invalid fields get a French message and the first one
 * gets the focus; a failed send shows the server's reason above the button.
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
  const consentRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change =
    (field: 'nom' | 'prenom' | 'email' | 'message' | 'siteWeb') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = validateOwnerRequest(values);
    if (found.nom !== undefined || found.email !== undefined || found.consentement !== undefined) {
      setAttempted(true);
      (found.nom !== undefined ? nomRef : found.email !== undefined ? emailRef : consentRef).current?.focus();
      return;
    }
    setAttempted(false);
    setFailure(null);
    setSending(true);
    try {
      const thanks = await sendOwnerLead(values);
      setValues(EMPTY_OWNER_REQUEST);
      window.alert(thanks);
    } catch (error) {
      setFailure(serverMessage(error) ?? SEND_FAILED);
    } finally {
      setSending(false);
    }
  };

  const errorOf = (field: Field): string | undefined =>
    field === 'nom' || field === 'email' || field === 'consentement' ? errors[field] : undefined;
  const describedBy = (field: Field, hint: boolean): string | undefined => {
    const parts = [hint ? ids(field).hint : null, errorOf(field) !== undefined ? ids(field).error : null].filter((part) => part !== null);
    return parts.length > 0 ? parts.join(' ') : undefined;
  };

  const fieldError = (field: 'nom' | 'email' | 'consentement') =>
    errors[field] !== undefined && (
      <p id={ids(field).error} className="cat-form__error">
        {errors[field]}
      </p>
    );

  return (
    <form className="cat-form" aria-labelledby={labelledBy} noValidate onSubmit={(event) => void submit(event)}>
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
            className="sk-input cat-form__input"
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
            className="sk-input cat-form__input"
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
          className="sk-input cat-form__input"
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
          className="sk-input cat-form__input cat-form__textarea"
          name="message"
          rows={5}
          aria-describedby={describedBy('message', true)}
          value={values.message}
          onChange={change('message')}
        />
      </div>
      <div className="cat-form__field cat-form__consent">
        <input
          ref={consentRef}
          id={ids('consentement').input}
          type="checkbox"
          name="consentement"
          required
          aria-invalid={errors.consentement !== undefined}
          aria-describedby={describedBy('consentement', false)}
          checked={values.consentement}
          onChange={(event) => {
            const checked = event.target.checked;
            setValues((current) => ({ ...current, consentement: checked }));
          }}
        />
        <label htmlFor={ids('consentement').input}>
          {OWNER_LEAD_CONSENT}
          <span className="cat-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        {fieldError('consentement')}
      </div>
      {/* Honeypot: out of sight, out of the tab order and of assistive technologies; only bots fill it. */}
      <div className="cat-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-site-web`}>Site web (ne pas remplir)</label>
        <input
          id={`${id}-site-web`}
          name="siteWeb"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.siteWeb}
          onChange={change('siteWeb')}
        />
      </div>
      {failure !== null ? (
        <p className="cat-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="cat-cta cat-cta--primary cat-form__submit" disabled={sending} aria-busy={sending}>
        {sending ? 'Envoi en cours…' : 'Demander une estimation gratuite'}
      </button>
    </form>
  );
}
