import { useState, type FormEvent } from 'react';
import { RESERVATION_STATUSES, SelectField, TextField, type ReservationStatus, type VilleFacette } from 'shared-kernel';
import { hasFilters, type ListFilters } from './listQuery';
import '../ui/ui.css';
import './reservations.css';

export const DATES_ORDER = 'La date « au » doit être postérieure ou égale à la date « du ».';
export const APARTMENT_NUMBER = 'Le numéro d’appartement est un nombre entier.';

/**
 * The list's filters, applied with 'Filtrer' (one request per choice, not per key typed): status,
 * stays with a night between two dates, apartment number, town, guest's name or email.
 */
export function ReservationFilters({
  filters,
  villes,
  onApply,
  onClear,
}: {
  filters: ListFilters;
  villes: readonly VilleFacette[];
  onApply: (filters: ListFilters) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState<ListFilters>(filters);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof ListFilters) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.du && draft.au && draft.au < draft.du) return setError(DATES_ORDER);
    if (draft.appartement.trim() && !/^\d{1,9}$/.test(draft.appartement.trim())) return setError(APARTMENT_NUMBER);
    setError(null);
    onApply(draft);
  };

  // A town of the address the list does not have (yet) stays choosable.
  const towns =
    draft.ville && !villes.some((v) => v.slug === draft.ville) ? [...villes, { ville: draft.ville, slug: draft.ville, nombre: 0 }] : villes;

  return (
    <form
      className="sk-cluster sk-cluster--end sk-gap-3 adm-toolbar adm-filters"
      role="search"
      aria-label="Filtrer les réservations"
      onSubmit={submit}
      noValidate
    >
      <SelectField label="Statut" className="adm-toolbar__status" value={draft.statut} onChange={set('statut')}>
        <option value="">Tous</option>
        {RESERVATION_STATUSES.map((s: ReservationStatus) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <TextField label="Du" type="date" className="adm-filters__date" value={draft.du} onChange={set('du')} />
      <TextField label="Au" type="date" className="adm-filters__date" value={draft.au} onChange={set('au')} />
      <SelectField label="Ville" className="adm-filters__town" value={draft.ville} onChange={set('ville')}>
        <option value="">Toutes</option>
        {towns.map((v) => (
          <option key={v.slug} value={v.slug}>
            {v.ville}
          </option>
        ))}
      </SelectField>
      <TextField
        label="N° d’appartement"
        className="adm-filters__apartment"
        inputMode="numeric"
        value={draft.appartement}
        invalid={error === APARTMENT_NUMBER}
        onChange={set('appartement')}
      />
      <TextField
        label="Client"
        className="adm-toolbar__search"
        type="search"
        placeholder="Nom ou email du client"
        value={draft.client}
        onChange={set('client')}
      />
      <div className="adm-filters__actions">
        <button type="submit" className="sk-button sk-button--primary">
          Filtrer
        </button>
        {hasFilters(filters) ? (
          <button type="button" className="sk-button sk-button--ghost" onClick={onClear}>
            Effacer les filtres
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="adm-filters__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
