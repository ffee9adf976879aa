import { useId } from 'react';
import { CHECKOUT_GUESTS_MAX, GUESTS_MIN } from '../booking/guests';

/**
 * '-' and '+' for the guest count, 1 to `max` ('-' disabled at 1, '+' disabled at `max`): the
 * apartment's capacity, like the panel's select (10 when unknown).
 */
export function GuestStepper({
  value,
  onChange,
  max = CHECKOUT_GUESTS_MAX,
}: {
  value: number;
  onChange: (count: number) => void;
  max?: number;
}) {
  const labelId = useId();
  return (
    <div className="bk-stepper" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="bk-stepper__label">
        Nombre de voyageurs
      </span>
      <div className="bk-stepper__controls">
        <button
          type="button"
          className="bk-stepper__button"
          aria-label="Retirer un voyageur"
          disabled={value <= GUESTS_MIN}
          onClick={() => onChange(value - 1)}
        >
          -
        </button>
        <span className="bk-stepper__value" aria-live="polite" aria-atomic="true">
          {value}
        </span>
        <button
          type="button"
          className="bk-stepper__button"
          aria-label="Ajouter un voyageur"
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
