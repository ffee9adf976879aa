import { useId } from 'react';
import { toggle } from './images';
import { ADD_INCLUS_CHOICES, ADD_NON_INCLUS_CHOICES } from './text';
import './apartment.css';

export interface AmenityTogglesProps {
  inclus: readonly string[];
  nonInclus: readonly string[];
  onChange: (group: 'inclus' | 'nonInclus', labels: string[]) => void;
}

/** The add form's amenity toggles: pressing one adds it to its group, pressing again removes it. */
export function AmenityToggles({ inclus, nonInclus, onChange }: AmenityTogglesProps) {
  return (
    <div className="adm-toggle-groups">
      <ToggleGroup title="Inclus" choices={ADD_INCLUS_CHOICES} selected={inclus} onChange={(labels) => onChange('inclus', labels)} />
      <ToggleGroup
        title="Non inclus"
        choices={ADD_NON_INCLUS_CHOICES}
        selected={nonInclus}
        onChange={(labels) => onChange('nonInclus', labels)}
      />
    </div>
  );
}

function ToggleGroup({
  title,
  choices,
  selected,
  onChange,
}: {
  title: string;
  choices: readonly string[];
  selected: readonly string[];
  onChange: (labels: string[]) => void;
}) {
  const id = useId();
  return (
    <div className="adm-toggle-group">
      <p id={id} className="sk-field__label">
        {title}
      </p>
      <div role="group" aria-labelledby={id} className="adm-toggles">
        {choices.map((label) => (
          <button
            key={label}
            type="button"
            className="sk-button sk-button--ghost adm-toggle"
            aria-pressed={selected.includes(label)}
            onClick={() => onChange(toggle(selected, label))}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
