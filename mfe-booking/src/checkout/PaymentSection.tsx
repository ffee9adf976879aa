import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatCents, formatDateTimeParis, transferDeadline, type PaymentMethod, type PaymentOptions } from 'shared-kernel';
import { SUBMITTING_TEXT } from '../booking/texts';
import type { PaymentPlan } from './CheckoutSummary';

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Carte bancaire',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  virement: 'Virement bancaire',
};

export const CGV_MISSING_TEXT = 'Veuillez accepter les conditions générales de vente pour réserver.';

export interface PaymentSectionProps {
  /** The methods offered for this stay (the transfer is left out when the arrival is too close for it). */
  options: PaymentOptions;
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  onPay: (method: PaymentMethod) => void;
  submitting: boolean;
  /** The stay's arrival and payment plan, once dates and quote are known. */
  startDate: string | null;
  plan: PaymentPlan | null;
  /** Why the transfer is not offered for these dates (DECISIONS 34), shown under the methods. */
  transferRefusal: string | null;
  /** No method can pay this stay: 'Réserver maintenant' is disabled. */
  blocked: boolean;
}

/** "l'acompte (500 €)" or "la totalité du séjour (640 €)". */
function dueText(plan: PaymentPlan | null): string {
  if (!plan) return "l'acompte";
  return plan.schedule.soldeCents > 0
    ? `l'acompte (${formatCents(plan.schedule.acompteCents)})`
    : `la totalité du séjour (${formatCents(plan.schedule.acompteCents)})`;
}

function MethodText({
  method,
  options,
  startDate,
  plan,
}: {
  method: PaymentMethod;
  options: PaymentOptions;
  startDate: string | null;
  plan: PaymentPlan | null;
}) {
  if (method === 'virement') {
    // The same deadline as the server's: min(now + the transfer delay, 24 h before the arrival day).
    const deadline = startDate
      ? formatDateTimeParis(transferDeadline(new Date(), startDate, options.delaiVirementHeures).toISOString())
      : null;
    return (
      <p className="bk-wallet__text">
        {`Après votre demande, nous vous donnons le titulaire du compte, l'IBAN, le BIC et la référence à indiquer sur votre virement. Votre réservation est confirmée dès réception de ${dueText(plan)} ; sans virement reçu ${deadline ? `avant le ${deadline}` : `sous ${options.delaiVirementHeures} heures`}, elle est annulée et les dates sont libérées.`}
      </p>
    );
  }
  const label = method === 'paypal' ? 'PayPal' : method === 'applepay' ? 'Apple Pay ou par carte' : 'carte bancaire';
  return (
    <p className="bk-wallet__text">
      {`Vous allez être redirigé vers la page de paiement sécurisée de Stripe pour régler ${dueText(plan)} par ${label}. Vos coordonnées bancaires ne sont jamais saisies sur notre site. Les dates vous sont réservées ${options.delaiStripeMinutes} minutes.`}
    </p>
  );
}

/**
 * 'Payer avec': only the methods the server's configuration really offers (DECISIONS 21), the
 * consent to the terms of sale (issue 15), then 'Réserver maintenant'. No card field: card
 * details are typed on Stripe's page only.
 */
export function PaymentSection({
  options,
  method,
  onMethodChange,
  onPay,
  submitting,
  startDate,
  plan,
  transferRefusal,
  blocked,
}: PaymentSectionProps) {
  const titleId = useId();
  const name = useId();
  const cgvId = useId();
  const [accepted, setAccepted] = useState(false);
  const [cgvError, setCgvError] = useState(false);
  const checkbox = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || blocked) return;
    if (!accepted) {
      setCgvError(true);
      checkbox.current?.focus();
      return;
    }
    onPay(method);
  };

  return (
    <section className="sk-panel bk-card bk-payment" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <fieldset className="sk-actions sk-bare-fieldset bk-payment__methods">
          <legend id={titleId} className="bk-card__title">
            Payer avec
          </legend>
          {options.methodes.map((value) => (
            <label key={value} className={`bk-payment__method${method === value ? ' bk-payment__method--checked' : ''}`}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={method === value}
                disabled={submitting}
                onChange={() => onMethodChange(value)}
              />
              <span>{METHOD_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        {transferRefusal ? <p className="bk-payment__note">{transferRefusal}</p> : null}
        <div className="bk-wallet">
          {blocked ? null : <MethodText method={method} options={options} startDate={startDate} plan={plan} />}
          <div className="bk-consent">
            <input
              ref={checkbox}
              id={cgvId}
              type="checkbox"
              checked={accepted}
              aria-invalid={cgvError ? true : undefined}
              aria-describedby={cgvError ? `${cgvId}-error` : undefined}
              onChange={(event) => {
                setAccepted(event.target.checked);
                if (event.target.checked) setCgvError(false);
              }}
            />
            <label htmlFor={cgvId}>
              J'ai lu et j'accepte les{' '}
              <Link to="/cgv" target="_blank" rel="noopener">
                conditions générales de vente
              </Link>
            </label>
          </div>
          {cgvError ? (
            <p id={`${cgvId}-error`} className="sk-field__error">
              {CGV_MISSING_TEXT}
            </p>
          ) : null}
          <button type="submit" className="sk-button sk-button--primary sk-button--block" disabled={submitting || blocked}>
            {submitting ? SUBMITTING_TEXT : 'Réserver maintenant'}
          </button>
        </div>
      </form>
    </section>
  );
}
