import { SearchBox, type SearchSort } from 'shared-kernel';

const SORT_LABELS: Record<SearchSort, string> = { pertinence: 'Pertinence', prix: 'Prix croissant', note: 'Mieux notés' };

export interface HomeToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  sort: SearchSort;
  onSort: (sort: SearchSort) => void;
  panelId: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** Whether any filter is active: only then the 'Réinitialiser' button is shown. */
  canReset: boolean;
  onReset: () => void;
}

/** Search box, order, 'Filtres' toggle and, when a filter is active, 'Réinitialiser'. */
export function HomeToolbar({ search, onSearch, sort, onSort, panelId, panelOpen, onTogglePanel, canReset, onReset }: HomeToolbarProps) {
  return (
    <div className="sk-cluster sk-gap-3 cat-toolbar">
      <SearchBox
        id="cat-search"
        label="Rechercher un logement"
        placeholder="Rechercher par titre ou emplacement..."
        value={search}
        onChange={onSearch}
        className="cat-toolbar__search"
        labelClassName="sk-visually-hidden"
        inputClassName="sk-input cat-input cat-input--search"
      />
      <div className="cat-toolbar__sort">
        <label htmlFor="cat-sort">Trier par</label>
        <select id="cat-sort" className="sk-input cat-input" value={sort} onChange={(event) => onSort(event.target.value as SearchSort)}>
          {(Object.keys(SORT_LABELS) as SearchSort[]).map((value) => (
            <option key={value} value={value}>
              {SORT_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <div className="cat-toolbar__actions">
        <button
          type="button"
          className={`sk-button sk-button--secondary${panelOpen ? ' sk-button--pressed' : ''}`}
          aria-expanded={panelOpen}
          aria-controls={panelId}
          onClick={onTogglePanel}
        >
          Filtres
        </button>
        {canReset && (
          <button type="button" className="sk-button sk-button--ghost" onClick={onReset}>
            Réinitialiser
          </button>
        )}
      </div>
    </div>
  );
}
