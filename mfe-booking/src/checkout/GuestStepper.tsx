import { useId } from 'react';
import { CHECKOUT_GUESTS_MAX, GUESTS_MIN } from '../booking/guests';

/** '-' and '+' for the guest count, 1 to 10 ('-' disabled at 1, '+' disabled at 10). */
export function GuestStepper({ value, onChange }: { value: number; onChange: (count: number) => void }) {
  const labelId = useId();
  return (
    <div className="bk-stepper" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="bk-stepper__label">
        Nombre de voyageurs
      </span>
      <div className="bk-stepper__controls">
        <button type="button" className="bk-stepper__button" aria-label="Retirer un voyageur" disabled={value <= GUESTS_MIN} onClick={() => onChange(value - 1)}>
          -
        </button>
        <span className="bk-stepper__value" aria-live="polite" aria-atomic="true">
          {value}
        </span>
        <button type="button" className="bk-stepper__button" aria-label="Ajouter un voyageur" disabled={value >= CHECKOUT_GUESTS_MAX} onClick={() => onChange(value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
