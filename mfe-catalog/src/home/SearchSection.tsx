import { useCallback, useRef, useState } from 'react';
import { apartmentStayQuery, EMPTY_SEARCH, hasStay, isSearchFiltered, Spinner, staySearchQuery, Alert } from 'shared-kernel';
import { FilterPanel } from './FilterPanel';
import { HomeToolbar } from './HomeToolbar';
import { ListingResults } from './ListingResults';
import { StaySearchForm } from './StaySearchForm';
import type { SearchPageState } from './useSearchPage';

const PANEL_ID = 'cat-filter-panel';

export interface SearchSectionProps {
  state: SearchPageState;
  /** The page's path ('/', '/location/metz'): the search without dates is offered there. */
  path: string;
  /** The town select of the stay form (the home page; a town's page has its town). */
  townSelect: boolean;
}

/** The stay search, the toolbar and filters, and a page of the lodgings free for it, with 'Afficher plus'. */
export function SearchSection({ state, path, townSelect }: SearchSectionProps) {
  const { search, results, go, update, villes } = state;
  const [panelOpen, setPanelOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // The button that was clicked disappears after a reset: focus moves to the updated count.
  const resetAndFocus = useCallback(() => {
    const { arrivee, depart, adultes, enfants, tri, ville } = search;
    go({ ...EMPTY_SEARCH, arrivee, depart, adultes, enfants, tri, ville });
    resultsHeading.current?.focus();
  }, [go, search]);

  const filtered = isSearchFiltered(search);
  const withoutDates = staySearchQuery({ ...search, arrivee: null, depart: null, ville: townSelect ? search.ville : null });

  return (
    <>
      <StaySearchForm
        search={search}
        onSearch={(stay) => go({ ...search, ...stay }, true)}
        villes={townSelect ? (villes ?? []) : undefined}
      />
      <HomeToolbar
        search={search.texte}
        onSearch={(texte) => update((s) => ({ ...s, texte }))}
        sort={search.tri}
        onSort={(tri) => update((s) => ({ ...s, tri }))}
        panelId={PANEL_ID}
        panelOpen={panelOpen}
        onTogglePanel={() => setPanelOpen((open) => !open)}
        canReset={filtered}
        onReset={resetAndFocus}
      />
      {results.status === 'ready' ? (
        <FilterPanel id={PANEL_ID} open={panelOpen} search={search} facettes={results.facettes} update={update} />
      ) : null}
      {results.status === 'loading' && <Spinner />}
      {results.status === 'error' && <Alert tone="danger">Impossible de charger les appartements</Alert>}
      {results.status === 'refused' && (
        <p className="sk-alert sk-alert--warning" role="alert">
          {results.message}
        </p>
      )}
      {results.status === 'ready' && (
        <ListingResults
          updating={results.updating}
          ref={resultsHeading}
          items={results.items}
          total={results.total}
          stayQuery={apartmentStayQuery(search)}
          withDates={hasStay(search)}
          withoutDatesHref={`${path}${withoutDates}`}
          filtered={filtered}
          onReset={resetAndFocus}
          onMore={results.loadMore}
          loadingMore={results.loadingMore}
          moreFailed={results.moreFailed}
        />
      )}
    </>
  );
}
