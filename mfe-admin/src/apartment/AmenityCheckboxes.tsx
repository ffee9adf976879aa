import { CheckboxField } from 'shared-kernel';
import { toggle } from './images';
import '../ui/ui.css';
import './apartment.css';

export interface AmenityCheckboxesProps {
  legend: string;
  choices: readonly string[];
  selected: readonly string[];
  onChange: (labels: string[]) => void;
}

/**
 * A group of amenity checkboxes (edit form). Labels the apartment already has beyond the fixed
 * choices are listed too, so saving never drops them silently.
 */
export function AmenityCheckboxes({ legend, choices, selected, onChange }: AmenityCheckboxesProps) {
  const all = [...choices, ...selected.filter((label) => !choices.includes(label))];
  return (
    <fieldset className="adm-fieldset">
      <legend className="adm-fieldset__legend">{legend}</legend>
      <div className="adm-checks">
        {all.map((label) => (
          <CheckboxField key={label} label={label} checked={selected.includes(label)} onChange={() => onChange(toggle(selected, label))} />
        ))}
      </div>
    </fieldset>
  );
}
