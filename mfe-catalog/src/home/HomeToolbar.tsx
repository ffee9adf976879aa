export interface HomeToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  panelId: string;
  panelOpen: boolean;
  onTogglePanel: () => void;
  /** Whether any filter is active: only then the 'Réinitialiser' button is shown. */
  canReset: boolean;
  onReset: () => void;
}

/** Search box, 'Filtres' toggle and, when a filter is active, 'Réinitialiser'. */
export function HomeToolbar({ search, onSearch, panelId, panelOpen, onTogglePanel, canReset, onReset }: HomeToolbarProps) {
  return (
    <div className="cat-toolbar">
      <div className="cat-toolbar__search" role="search">
        <label htmlFor="cat-search" className="sk-visually-hidden">
          Rechercher un logement
        </label>
        <input
          id="cat-search"
          className="cat-input cat-input--search"
          type="search"
          placeholder="Rechercher par titre ou emplacement..."
          autoComplete="off"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
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
