import { useEffect, useState, type FormEvent } from 'react';
import {
  formatLongDate,
  RemoteView,
  Spinner,
  Stepper,
  todayIn,
  TRAVELLERS_MAX,
  type StaySearch,
  type VilleFacette,
  Dialog,
} from 'shared-kernel';
import { lodgingsText } from './TownList';

export const DATES_BUTTON_EMPTY = 'Choisir les dates';
export const DEPARTURE_MISSING = 'Choisissez aussi la date de départ.';
export const EVERY_TOWN = 'Toutes les villes';
const DIALOG_TITLE_ID = 'cat-stay-dialog-title';

interface Draft {
  arrivee: string | null;
  depart: string | null;
  adultes: number;
  enfants: number;
  ville: string | null;
}

const draftOf = (s: StaySearch): Draft => ({
  arrivee: s.arrivee,
  depart: s.depart,
  adultes: s.adultes,
  enfants: s.enfants,
  ville: s.ville,
});

export function datesText(arrivee: string | null, depart: string | null): string {
  if (arrivee && depart) return `Du ${formatLongDate(arrivee)} au ${formatLongDate(depart)}`;
  if (arrivee) return `Arrivée le ${formatLongDate(arrivee)}, départ à choisir`;
  return DATES_BUTTON_EMPTY;
}

/** Without the booking remote's calendar: the browser's own date fields, labelled, in the same dialog. */
function NativeDates({ draft, onChange }: { draft: Draft; onChange: (dates: { arrivee: string | null; depart: string | null }) => void }) {
  const today = todayIn('Europe/Paris');
  return (
    <div className="cat-stay__native">
      <div className="sk-field">
        <label htmlFor="cat-stay-arrivee">Date d’arrivée</label>
        <input
          id="cat-stay-arrivee"
          type="date"
          min={today}
          value={draft.arrivee ?? ''}
          onChange={(e) => onChange({ arrivee: e.target.value || null, depart: draft.depart })}
        />
      </div>
      <div className="sk-field">
        <label htmlFor="cat-stay-depart">Date de départ</label>
        <input
          id="cat-stay-depart"
          type="date"
          min={draft.arrivee ?? today}
          value={draft.depart ?? ''}
          onChange={(e) => onChange({ arrivee: draft.arrivee, depart: e.target.value || null })}
        />
      </div>
    </div>
  );
}

export interface StaySearchFormProps {
  search: StaySearch;
  /** The stay, travellers and town chosen, sent with 'Rechercher'. */
  onSearch: (stay: Draft) => void;
  /** The catalogue's towns: a town select when given (a town's own page has its town already). */
  villes?: readonly VilleFacette[];
}

/**
 * The stay being searched (issue 32): arrival and departure in a dialog with the booking
 * calendar's keyboard date grid (the booking remote's `StayDatesPicker` fragment; the browser's
 * date fields if that remote cannot load), adults and children steppers, the town, and 'Rechercher',
 * which puts the search in the address.
 */
export function StaySearchForm({ search, onSearch, villes }: StaySearchFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The address changed (a link, Back): the form shows it.
  useEffect(() => {
    setDraft(draftOf(search));
    setError(null);
  }, [search.arrivee, search.depart, search.adultes, search.enfants, search.ville]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.arrivee && !draft.depart) {
      setError(DEPARTURE_MISSING);
      return;
    }
    setError(null);
    onSearch(draft);
  };

  const setDates = (dates: { arrivee: string | null; depart: string | null }) => setDraft((d) => ({ ...d, ...dates }));

  return (
    <form
      className="sk-cluster sk-cluster--end sk-gap-4 cat-stay"
      role="search"
      aria-label="Rechercher un séjour"
      onSubmit={submit}
      noValidate
    >
      <div className="cat-stay__dates">
        <span className="cat-stay__label" id="cat-stay-dates-label">
          Dates du séjour
        </span>
        <button
          type="button"
          className="cat-stay__dates-button"
          aria-haspopup="dialog"
          aria-labelledby="cat-stay-dates-label cat-stay-dates-value"
          aria-describedby={error ? 'cat-stay-error' : undefined}
          onClick={() => setOpen(true)}
        >
          <span id="cat-stay-dates-value">{datesText(draft.arrivee, draft.depart)}</span>
        </button>
      </div>
      {villes ? (
        <div className="sk-field cat-stay__town">
          <label htmlFor="cat-stay-ville" className="sk-field__label">
            Ville
          </label>
          <select
            id="cat-stay-ville"
            className="sk-field__input"
            value={draft.ville ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, ville: e.target.value || null }))}
          >
            <option value="">{EVERY_TOWN}</option>
            {villes.map((v) => (
              <option key={v.slug} value={v.slug}>
                {`${v.ville} (${lodgingsText(v.nombre)})`}
              </option>
            ))}
            {/* A town of the address the catalogue no longer has stays shown, not silently dropped. */}
            {draft.ville && !villes.some((v) => v.slug === draft.ville) ? <option value={draft.ville}>{draft.ville}</option> : null}
          </select>
        </div>
      ) : null}
      <Stepper
        label="Adultes"
        value={draft.adultes}
        min={1}
        max={TRAVELLERS_MAX}
        onChange={(adultes) => setDraft((d) => ({ ...d, adultes }))}
      />
      <Stepper
        label="Enfants"
        value={draft.enfants}
        min={0}
        max={TRAVELLERS_MAX}
        onChange={(enfants) => setDraft((d) => ({ ...d, enfants }))}
      />
      <button type="submit" className="sk-button sk-button--primary cat-stay__submit">
        Rechercher
      </button>
      {error ? (
        <p id="cat-stay-error" className="sk-alert sk-alert--danger cat-stay__error" role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        <Dialog labelledBy={DIALOG_TITLE_ID} onClose={() => setOpen(false)} className="cat-stay__dialog">
          <h2 id={DIALOG_TITLE_ID} className="cat-stay__dialog-title">
            Vos dates de séjour
          </h2>
          <RemoteView
            module="booking/StayDatesPicker"
            props={{ arrivee: draft.arrivee, depart: draft.depart, onChange: setDates }}
            loading={<Spinner />}
            fallback={<NativeDates draft={draft} onChange={setDates} />}
          />
          <p className="cat-stay__summary" aria-live="polite">
            {datesText(draft.arrivee, draft.depart)}
          </p>
          <div className="cat-stay__dialog-actions">
            <button type="button" className="sk-button sk-button--ghost" onClick={() => setDates({ arrivee: null, depart: null })}>
              Effacer les dates
            </button>
            <button type="button" className="sk-button sk-button--primary" onClick={() => setOpen(false)}>
              Valider les dates
            </button>
          </div>
        </Dialog>
      ) : null}
    </form>
  );
}
