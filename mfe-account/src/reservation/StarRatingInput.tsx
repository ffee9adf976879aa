import { FieldError } from 'shared-kernel';
import { useId } from 'react';
import { STAR_VALUES, starsLabel } from './stars';
import './reservation.css';

export interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  error?: string | null;
  disabled?: boolean;
}

/**
 * A rating from 1 to 5 as a group of radio buttons shown as stars: each is labelled '1 étoile' …
 * '5 étoiles', and the arrow keys move between them as in any radio group.
 */
export function StarRatingInput({ value, onChange, error, disabled }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="acc-stars-input" role="radiogroup" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="sk-field__label">Votre note</legend>
      <div className="acc-stars-input__options">
        {STAR_VALUES.map((stars) => {
          const on = value !== null && stars <= value;
          return (
            <label key={stars} className={`acc-stars-input__star${on ? ' acc-stars-input__star--on' : ''}`}>
              <input
                className="acc-stars-input__radio"
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                aria-label={starsLabel(stars)}
                aria-invalid={error ? true : undefined}
                onChange={() => onChange(stars)}
              />
              <span className="acc-stars-input__glyph" aria-hidden="true">
                {on ? '★' : '☆'}
              </span>
            </label>
          );
        })}
        {value !== null ? (
          <span className="acc-stars-input__value" aria-hidden="true">
            {starsLabel(value)}
          </span>
        ) : null}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
