import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { CARD_NUMBER_MAX_LENGTH, CVC_MAX_LENGTH, EXPIRY_MAX_LENGTH, formatCardNumber, formatCvc, formatExpiry } from '../booking/cardFormat';
import { SUBMITTING_TEXT } from '../booking/texts';

/** What is typed in the card form. It stays in this page's memory: never sent, never stored (DECISIONS 9). */
export interface CardFields {
  cardNumber: string;
  cardName: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFields = { cardNumber: '', cardName: '', expiry: '', cvc: '' };

type FieldName = keyof CardFields;

const REQUIRED_TEXT: Record<FieldName, string> = {
  cardNumber: 'Veuillez saisir le numéro de carte.',
  cardName: 'Veuillez saisir le nom figurant sur la carte.',
  expiry: "Veuillez saisir la date d'expiration.",
  cvc: 'Veuillez saisir le code de sécurité.',
};

const ORDER: readonly FieldName[] = ['cardNumber', 'cardName', 'expiry', 'cvc'];

export interface CardFormProps {
  value: CardFields;
  onChange: (value: CardFields) => void;
  /** Called when every field is filled in. */
  onPay: () => void;
  submitting: boolean;
}

/**
 * The card form: number (digits grouped in fours), name, expiry (MM/YY) and security code, all
 * required; no check of the card's validity or expiry (spec section 5). Autocomplete is off: the
 * details are only a formality of this booking flow and must not be kept anywhere.
 */
export function CardForm({ value, onChange, onPay, submitting }: CardFormProps) {
  const prefix = useId();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const idOf = (name: FieldName) => `${prefix}-${name}`;

  const set = (name: FieldName, next: string) => {
    onChange({ ...value, [name]: next });
    if (errors[name] && next.trim() !== '') setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const missing = ORDER.filter((name) => value[name].trim() === '');
    setErrors(Object.fromEntries(missing.map((name) => [name, REQUIRED_TEXT[name]])));
    const first = missing[0];
    if (first) {
      const input = event.currentTarget.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    onPay();
  };

  const field = (name: FieldName, label: string, input: InputHTMLAttributes<HTMLInputElement>, format: (raw: string) => string) => {
    const errorId = `${idOf(name)}-error`;
    return (
      <div className={`bk-field bk-card-form__${name}`}>
        <label htmlFor={idOf(name)} className="bk-field__label">
          {label}
        </label>
        <input
          id={idOf(name)}
          name={name}
          className="bk-field__control"
          type="text"
          autoComplete="off"
          required
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? errorId : undefined}
          value={value[name]}
          onChange={(event) => set(name, format(event.target.value))}
          {...input}
        />
        {errors[name] ? (
          <p id={errorId} className="bk-field__error">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="bk-card-form" noValidate onSubmit={submit} aria-label="Paiement par carte bancaire">
      {field('cardNumber', 'Numéro de carte', { inputMode: 'numeric', maxLength: CARD_NUMBER_MAX_LENGTH, placeholder: '1234 5678 9012 3456' }, formatCardNumber)}
      {field('cardName', 'Nom sur la carte', { placeholder: 'Jean Dupont' }, (raw) => raw)}
      <div className="bk-card-form__pair">
        {field('expiry', "Date d'expiration (MM/AA)", { inputMode: 'numeric', maxLength: EXPIRY_MAX_LENGTH, placeholder: 'MM/AA' }, formatExpiry)}
        {field('cvc', 'Code de sécurité', { maxLength: CVC_MAX_LENGTH, placeholder: 'CVC' }, formatCvc)}
      </div>
      <button type="submit" className="sk-button sk-button--primary sk-button--block" disabled={submitting}>
        {submitting ? SUBMITTING_TEXT : 'Réserver maintenant'}
      </button>
    </form>
  );
}
