import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  apartmentStayQuery,
  EMPTY_SEARCH,
  hasStay,
  isSearchFiltered,
  readStaySearch,
  Spinner,
  staySearchQuery,
  usePageMeta,
  type StaySearch,
} from 'shared-kernel';
import { FilterPanel } from '../home/FilterPanel';
import { HomeBanner } from '../home/HomeBanner';
import { HomeToolbar } from '../home/HomeToolbar';
import { ListingResults } from '../home/ListingResults';
import { StaySearchForm } from '../home/StaySearchForm';
import { useSearchResults } from '../home/useSearchResults';
import { ErrorMessage } from '../ui/ErrorMessage';
import '../home/home.css';

const PAGE_DESCRIPTION =
  'Location d’appartements meublés à Metz pour vos courts séjours : cherchez par dates et voyageurs, filtrez par prix, équipements, emplacement et capacité, puis réservez en ligne.';

/** What search results and link previews show for the home page (the server writes it into its HTML). */
const PAGE_TITLE = 'Locations meublées de courte durée à Metz';

const PANEL_ID = 'cat-filter-panel';

/**
 * Home page (route '/'): welcome banner, the stay search, filters and a page of the lodgings free
 * for it. The whole search is in the address (issue 32): shareable, and the server renders its
 * first page; the server filters, the page holds only the pages asked for.
 */
export default function HomePage() {
  usePageMeta(PAGE_TITLE, PAGE_DESCRIPTION);
  const [params, setParams] = useSearchParams();
  const fromAddress = useMemo(() => readStaySearch(params), [params]);
  // The search shown at once: the router applies a new address in a transition, and a controlled
  // check box or field must not bounce back meanwhile. Any other change of the address (Back, a link) wins.
  const [search, setSearch] = useState(fromAddress);
  const addressKey = staySearchQuery(fromAddress);
  useEffect(() => setSearch(fromAddress), [addressKey]);
  const results = useSearchResults(search);
  const [panelOpen, setPanelOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  // A new stay is a new entry in the history (Back returns to the former one); typing and filters replace it.
  const go = useCallback(
    (next: StaySearch, push = false) => {
      setSearch(next);
      setParams(new URLSearchParams(staySearchQuery(next)), { replace: !push, preventScrollReset: true });
    },
    [setParams],
  );
  const update = useCallback((fn: (s: StaySearch) => StaySearch) => go(fn(search)), [go, search]);

  // The button that was clicked disappears after a reset: focus moves to the updated count.
  const resetAndFocus = useCallback(() => {
    go({
      ...EMPTY_SEARCH,
      arrivee: search.arrivee,
      depart: search.depart,
      adultes: search.adultes,
      enfants: search.enfants,
      tri: search.tri,
    });
    resultsHeading.current?.focus();
  }, [go, search]);

  const withDates = hasStay(search);
  const filtered = isSearchFiltered(search);

  return (
    <div className="cat-home">
      <HomeBanner />
      <StaySearchForm search={search} onSearch={(stay) => go({ ...search, ...stay }, true)} />
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
      {results.status === 'error' && <ErrorMessage>Impossible de charger les appartements</ErrorMessage>}
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
          withDates={withDates}
          withoutDatesHref={`/${staySearchQuery({ ...search, arrivee: null, depart: null })}`}
          filtered={filtered}
          onReset={resetAndFocus}
          onMore={results.loadMore}
          loadingMore={results.loadingMore}
          moreFailed={results.moreFailed}
        />
      )}
    </div>
  );
}
