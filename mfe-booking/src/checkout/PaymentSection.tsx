import { useId } from 'react';
import type { PaymentMethod } from 'shared-kernel';
import { SUBMITTING_TEXT } from '../booking/texts';
import { CardForm, type CardFields } from './CardForm';

const METHODS: readonly { value: PaymentMethod; label: string }[] = [
  { value: 'card', label: 'Carte bancaire' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'applepay', label: 'Apple Pay' },
];

export interface PaymentSectionProps {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  card: CardFields;
  onCardChange: (card: CardFields) => void;
  onPay: (method: PaymentMethod) => void;
  submitting: boolean;
}

function WalletPanel({ text, button, submitting, onPay }: { text: string; button: string; submitting: boolean; onPay: () => void }) {
  return (
    <div className="bk-wallet">
      <p className="bk-wallet__text">{text}</p>
      <button type="button" className="sk-button sk-button--primary sk-button--block" disabled={submitting} onClick={onPay}>
        {submitting ? SUBMITTING_TEXT : button}
      </button>
    </div>
  );
}

/** 'Payer avec': card, PayPal or Apple Pay, and the panel of the chosen method. */
export function PaymentSection({ method, onMethodChange, card, onCardChange, onPay, submitting }: PaymentSectionProps) {
  const titleId = useId();
  const name = useId();
  return (
    <section className="bk-card bk-payment" aria-labelledby={titleId}>
      <fieldset className="bk-payment__methods">
        <legend id={titleId} className="bk-card__title">
          Payer avec
        </legend>
        {METHODS.map((option) => (
          <label key={option.value} className={`bk-payment__method${method === option.value ? ' bk-payment__method--checked' : ''}`}>
            <input type="radio" name={name} value={option.value} checked={method === option.value} disabled={submitting} onChange={() => onMethodChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {method === 'card' ? <CardForm value={card} onChange={onCardChange} onPay={() => onPay('card')} submitting={submitting} /> : null}
      {method === 'paypal' ? (
        <WalletPanel text="Vous allez être redirigé vers PayPal pour finaliser votre paiement" button="Payer avec PayPal" submitting={submitting} onPay={() => onPay('paypal')} />
      ) : null}
      {method === 'applepay' ? (
        <WalletPanel text="Continuez avec Apple Pay pour finaliser votre paiement" button="Payer avec Apple Pay" submitting={submitting} onPay={() => onPay('applepay')} />
      ) : null}
    </section>
  );
}
