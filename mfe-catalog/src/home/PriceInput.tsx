import { useState } from 'react';

export interface PriceInputProps {
  id: string;
  label: string;
  value: number;
  /** Native hints for the browser's spinner buttons. */
  min?: number;
  max?: number;
  /** Tries a value; returns false when the rule refuses it (the filter then keeps its value). */
  onPropose: (value: number) => boolean;
}

/**
 * A price bound. The filter only takes values the rule accepts (min <= max, max >= min); while the
 * visitor types a value that is not accepted yet (for example "1" on the way to "150"), the field
 * shows the draft, marked invalid, and the filter keeps its last accepted value. Leaving the field
 * puts the accepted value back.
 */
export function PriceInput({ id, label, value, min, max, onPropose }: PriceInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="cat-field">
      <label className="cat-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="sk-input cat-input"
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={draft ?? String(value)}
        aria-invalid={draft !== null}
        onChange={(event) => {
          const text = event.target.value;
          const proposed = text.trim() === '' ? Number.NaN : Number(text);
          setDraft(onPropose(proposed) ? null : text);
        }}
        onBlur={() => setDraft(null)}
      />
    </div>
  );
}
