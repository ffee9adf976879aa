import type { LocationForm } from './location';
import { TextField } from 'shared-kernel';
import '../ui/ui.css';

export const COORDINATES_HINT =
  'Coordonnées du quartier en degrés décimaux (exemple : 49,1197 et 6,1757), pour la carte : jamais l’adresse exacte, qui reste privée.';

/** Town and coordinates, the same in the add form and the editor. */
export function LocationFields({
  form,
  invalid,
  onChange,
}: {
  form: LocationForm;
  invalid: string | null;
  onChange: (field: keyof LocationForm, value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Ville"
        name="ville"
        maxLength={80}
        autoComplete="off"
        value={form.ville}
        invalid={invalid === 'ville'}
        hint="Vide : la ville de la localisation (« Metz » pour « Metz Sablon »)."
        onChange={(e) => onChange('ville', e.target.value)}
      />
      <div className="adm-grid">
        <TextField
          label="Latitude"
          name="latitude"
          inputMode="decimal"
          autoComplete="off"
          value={form.latitude}
          invalid={invalid === 'latitude'}
          hint={COORDINATES_HINT}
          onChange={(e) => onChange('latitude', e.target.value)}
        />
        <TextField
          label="Longitude"
          name="longitude"
          inputMode="decimal"
          autoComplete="off"
          value={form.longitude}
          invalid={invalid === 'longitude'}
          onChange={(e) => onChange('longitude', e.target.value)}
        />
      </div>
    </>
  );
}
