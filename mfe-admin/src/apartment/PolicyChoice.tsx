import { useId } from 'react';
import { CANCELLATION_POLICIES, type PolitiqueAnnulation } from 'shared-kernel';
import { POLICY_DESCRIPTIONS } from './text';
import '../ui/ui.css';
import './apartment.css';

/** The cancellation policy of the add form: Flexible, Modérée or Stricte, each with what it promises. */
export function PolicyChoice({ value, onChange }: { value: PolitiqueAnnulation; onChange: (value: PolitiqueAnnulation) => void }) {
  const id = useId();
  return (
    <fieldset className="adm-fieldset">
      <legend className="adm-fieldset__legend">Politique d&apos;annulation</legend>
      <div className="adm-policies">
        {CANCELLATION_POLICIES.map((policy) => (
          <div key={policy} className={`adm-policy${policy === value ? ' adm-policy--selected' : ''}`}>
            <input
              id={`${id}-${policy}`}
              type="radio"
              name="politiqueAnnulation"
              value={policy}
              checked={policy === value}
              aria-describedby={`${id}-${policy}-text`}
              onChange={() => onChange(policy)}
            />
            <label htmlFor={`${id}-${policy}`} className="adm-policy__name">
              {policy}
            </label>
            <p id={`${id}-${policy}-text`} className="sk-field__hint adm-policy__text">
              {POLICY_DESCRIPTIONS[policy]}
            </p>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
