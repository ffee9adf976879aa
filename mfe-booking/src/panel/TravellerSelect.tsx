import { useId } from 'react';

/** 'Adultes' (1 to the capacity) and 'Enfants (moins de 18 ans)' (0 to the places left): minors are exempt from the taxe de séjour. */
export function TravellerSelect({
  capacity,
  adultes,
  enfants,
  onChange,
}: {
  capacity: number;
  adultes: number;
  enfants: number;
  onChange: (adultes: number, enfants: number) => void;
}) {
  const adultsId = useId();
  const childrenId = useId();
  const adultOptions = Array.from({ length: capacity }, (_, i) => i + 1);
  const childOptions = Array.from({ length: capacity - adultes + 1 }, (_, i) => i);
  return (
    <div className="bk-travellers">
      <div className="sk-field">
        <label htmlFor={adultsId} className="sk-field__label">
          Adultes
        </label>
        <select
          id={adultsId}
          className="sk-field__input"
          value={adultes}
          onChange={(event) => {
            const next = Number(event.target.value);
            onChange(next, Math.min(enfants, capacity - next));
          }}
        >
          {adultOptions.map((n) => (
            <option key={n} value={n}>
              {`${n} ${n > 1 ? 'adultes' : 'adulte'}`}
            </option>
          ))}
        </select>
      </div>
      <div className="sk-field">
        <label htmlFor={childrenId} className="sk-field__label">
          Enfants (moins de 18 ans)
        </label>
        <select
          id={childrenId}
          className="sk-field__input"
          value={enfants}
          onChange={(event) => onChange(adultes, Number(event.target.value))}
        >
          {childOptions.map((n) => (
            <option key={n} value={n}>
              {`${n} ${n > 1 ? 'enfants' : 'enfant'}`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
