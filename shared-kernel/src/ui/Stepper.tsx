import { useId } from 'react';

export interface StepperProps {
  /** Names the group; also the start of the buttons' names unless they are given. */
  label: string;
  value: number;
  min: number;
  /** No upper bound when absent (spec section 5: none for the home filters). */
  max?: number;
  onChange: (value: number) => void;
  /** Spoken names of the buttons (default « <label> : diminuer » / « <label> : augmenter »). */
  decreaseLabel?: string;
  increaseLabel?: string;
  /** `stacked`: small label above the buttons (search forms); `inline`: label beside them (checkout). */
  layout?: 'stacked' | 'inline';
}

/**
 * A - / + counter, the one of the whole site (home filters, stay search, checkout guests):
 * '-' is disabled at the minimum, '+' at the maximum; the value is announced when it changes.
 * Styles in tokens/base-css.ts.
 */
export function Stepper({ label, value, min, max, onChange, decreaseLabel, increaseLabel, layout = 'stacked' }: StepperProps) {
  const labelId = useId();
  return (
    <div className={`sk-stepper sk-stepper--${layout}`} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="sk-stepper__label">
        {label}
      </span>
      <div className="sk-stepper__controls">
        <button
          type="button"
          className="sk-stepper__button"
          aria-label={decreaseLabel ?? `${label} : diminuer`}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          -
        </button>
        <span className="sk-stepper__value" aria-live="polite" aria-atomic="true">
          {value}
        </span>
        <button
          type="button"
          className="sk-stepper__button"
          aria-label={increaseLabel ?? `${label} : augmenter`}
          disabled={max !== undefined && value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
