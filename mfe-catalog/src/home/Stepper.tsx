export interface StepperProps {
  /** Unique id prefix (labels the group). */
  id: string;
  label: string;
  value: number;
  min: number;
  /** No upper bound when absent. */
  max?: number;
  onStep: (delta: number) => void;
}

/** A - / + counter; '-' is disabled at the minimum, '+' at the maximum when there is one (spec section 5: none for the filters). */
export function Stepper({ id, label, value, min, max, onStep }: StepperProps) {
  const labelId = `${id}-label`;
  return (
    <div className="cat-stepper" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="cat-stepper__label">
        {label}
      </span>
      <div className="cat-stepper__controls">
        <button
          type="button"
          className="cat-stepper__button"
          aria-label={`${label} : diminuer`}
          disabled={value <= min}
          onClick={() => onStep(-1)}
        >
          -
        </button>
        <span className="cat-stepper__value" aria-live="polite" aria-atomic="true">
          {value}
        </span>
        <button
          type="button"
          className="cat-stepper__button"
          aria-label={`${label} : augmenter`}
          disabled={max !== undefined && value >= max}
          onClick={() => onStep(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
