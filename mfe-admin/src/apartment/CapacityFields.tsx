import type { ApartmentBasics, Minimums } from './numbers';
import { TextField } from 'shared-kernel';
import '../ui/ui.css';

type CapacityField = 'voyageurs' | 'chambres' | 'lits' | 'sallesDeBain';

const FIELDS: ReadonlyArray<[CapacityField, string]> = [
  ['voyageurs', 'Voyageurs'],
  ['chambres', 'Chambres'],
  ['lits', 'Lits'],
  ['sallesDeBain', 'Salles de bain'],
];

export interface CapacityFieldsProps {
  values: ApartmentBasics;
  minimums: Minimums;
  invalidField: string | null;
  onChange: (field: CapacityField, value: string) => void;
}

/** Travellers, bedrooms, beds and bathrooms: whole numbers with the form's minimums. */
export function CapacityFields({ values, minimums, invalidField, onChange }: CapacityFieldsProps) {
  return (
    <fieldset className="adm-fieldset">
      <legend className="adm-fieldset__legend">Capacité</legend>
      <div className="adm-grid">
        {FIELDS.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            name={field}
            type="number"
            inputMode="numeric"
            min={minimums[field]}
            step={1}
            required
            value={values[field]}
            invalid={invalidField === field}
            onChange={(event) => onChange(field, event.target.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}
