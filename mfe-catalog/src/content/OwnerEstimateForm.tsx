import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  CheckboxField,
  focusField,
  OWNER_LEAD_CONSENT,
  ownerLeadsApi,
  serverMessage,
  TextAreaField,
  TextField,
  useMutation,
} from 'shared-kernel';
import {
  EMPTY_OWNER_REQUEST,
  ownerLeadPayload,
  SEND_FAILED,
  validateOwnerRequest,
  type OwnerRequest,
  type OwnerRequestErrors,
} from './ownerForm';

export interface OwnerEstimateFormProps {
  /** Id of the heading that names the form. */
  labelledBy: string;
}

/**
 * The owner estimate form: nom and email required, prenom and message optional (spec section 5),
 * and the consent to be contacted. A valid request is sent to the API (DECISIONS 28), then an alert
 * thanks the visitor and the form empties. Invalid fields get a French message and the first one
 * gets the focus; a failed send shows the server's reason above the button and keeps what was typed.
 */
export function OwnerEstimateForm({ labelledBy }: OwnerEstimateFormProps) {
  const trapId = `${useId()}-site-web`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<OwnerRequest>(EMPTY_OWNER_REQUEST);
  // Errors show after a submit attempt, then follow the input until the request is valid.
  const [attempted, setAttempted] = useState(false);
  const errors: OwnerRequestErrors = attempted ? validateOwnerRequest(values) : {};
  const send = useMutation({
    mutationFn: (request: OwnerRequest) => ownerLeadsApi.send(ownerLeadPayload(request)),
    onSuccess: (thanks) => {
      setValues(EMPTY_OWNER_REQUEST);
      window.alert(thanks);
    },
  });
  const failure = send.isError ? (serverMessage(send.error) ?? SEND_FAILED) : null;

  const change =
    (field: 'nom' | 'prenom' | 'email' | 'message' | 'siteWeb') => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
    };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validateOwnerRequest(values);
    const firstInError = (['nom', 'email', 'consentement'] as const).find((field) => found[field] !== undefined);
    if (firstInError) {
      setAttempted(true);
      focusField(formRef.current, firstInError);
      return;
    }
    setAttempted(false);
    send.mutate(values);
  };

  return (
    <form ref={formRef} className="cat-form" aria-labelledby={labelledBy} noValidate onSubmit={submit}>
      <p className="cat-form__note">Les champs marqués d’un astérisque (*) sont obligatoires.</p>
      <div className="cat-form__row">
        <TextField
          label="Nom"
          name="nom"
          type="text"
          autoComplete="family-name"
          required
          error={errors.nom}
          value={values.nom}
          onChange={change('nom')}
        />
        <TextField
          label="Prénom"
          hint="(facultatif)"
          name="prenom"
          type="text"
          autoComplete="given-name"
          value={values.prenom}
          onChange={change('prenom')}
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="exemple@domaine.fr"
        required
        error={errors.email}
        value={values.email}
        onChange={change('email')}
      />
      <TextAreaField
        label="Message"
        hint="(facultatif : adresse ou quartier, surface, nombre de pièces…)"
        name="message"
        rows={5}
        value={values.message}
        onChange={change('message')}
      />
      <CheckboxField
        label={
          <>
            {OWNER_LEAD_CONSENT}
            <span className="cat-form__required" aria-hidden="true">
              {' '}
              *
            </span>
          </>
        }
        name="consentement"
        required
        error={errors.consentement}
        checked={values.consentement}
        onChange={(event) => {
          const checked = event.target.checked;
          setValues((current) => ({ ...current, consentement: checked }));
        }}
      />
      {/* Honeypot: out of sight, out of the tab order and of assistive technologies; only bots fill it. */}
      <div className="cat-form__trap" aria-hidden="true">
        <label htmlFor={trapId}>Site web (ne pas remplir)</label>
        <input
          id={trapId}
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
      <button type="submit" className="cat-cta cat-cta--primary cat-form__submit" disabled={send.isPending} aria-busy={send.isPending}>
        {send.isPending ? 'Envoi en cours…' : 'Demander une estimation gratuite'}
      </button>
    </form>
  );
}
