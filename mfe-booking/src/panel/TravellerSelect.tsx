import { useId } from 'react';

/** 'Voyageurs': 1 to the apartment's capacity. */
export function TravellerSelect({ options, value, onChange }: { options: readonly number[]; value: number; onChange: (count: number) => void }) {
  const id = useId();
  return (
    <div className="bk-field">
      <label htmlFor={id} className="bk-field__label">
        Voyageurs
      </label>
      <select id={id} className="bk-field__control" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((n) => (
          <option key={n} value={n}>
            {`${n} ${n > 1 ? 'voyageurs' : 'voyageur'}`}
          </option>
        ))}
      </select>
    </div>
  );
}
