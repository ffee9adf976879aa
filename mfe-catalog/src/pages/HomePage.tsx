import { useCallback, useMemo, useRef, useState } from 'react';
import { applyFilters, compareFrench, locationOptions, Spinner, usePageMeta } from 'shared-kernel';
import { FilterPanel } from '../home/FilterPanel';
import { HomeBanner } from '../home/HomeBanner';
import { HomeToolbar } from '../home/HomeToolbar';
import { ListingResults } from '../home/ListingResults';
import { useHomeFilters } from '../home/useHomeFilters';
import { useListings } from '../home/useListings';
import { ErrorMessage } from '../ui/ErrorMessage';
import '../home/home.css';

const PAGE_DESCRIPTION =
  'Location d’appartements meublés à Metz pour vos courts séjours : parcourez nos logements, filtrez par prix, équipements, emplacement et capacité, puis réservez en ligne.';

/** What search results and link previews show for the home page (the server writes it into its HTML). */
const PAGE_TITLE = 'Locations meublées de courte durée à Metz';

const PANEL_ID = 'cat-filter-panel';

/** Home page (route '/'): welcome banner, search, filters and the grid of available lodgings. */
export default function HomePage() {
  usePageMeta(PAGE_TITLE, PAGE_DESCRIPTION);
  const listings = useListings();
  const loaded = listings.status === 'ready';
  const { filters, active, update, reset } = useHomeFilters(listings.list, loaded);
  const [panelOpen, setPanelOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const visible = useMemo(() => applyFilters(listings.list, filters), [listings.list, filters]);
  // A chosen location stays listed (so it can be unticked) even if a refetch no longer has it.
  const locations = useMemo(() => {
    const options = locationOptions(listings.list);
    const missing = filters.locations.filter((l) => !options.includes(l));
    return missing.length === 0 ? options : [...options, ...missing].sort(compareFrench);
  }, [listings.list, filters.locations]);

  // The button that was clicked disappears after a reset: focus moves to the updated count.
  const resetAndFocus = useCallback(() => {
    reset();
    resultsHeading.current?.focus();
  }, [reset]);

  return (
    <div className="cat-home">
      <HomeBanner />
      {listings.status === 'loading' && <Spinner />}
      {listings.status === 'error' && <ErrorMessage>Impossible de charger les appartements</ErrorMessage>}
      {loaded && (
        <>
          <HomeToolbar
            search={filters.search}
            onSearch={(search) => update((f) => ({ ...f, search }))}
            panelId={PANEL_ID}
            panelOpen={panelOpen}
            onTogglePanel={() => setPanelOpen((open) => !open)}
            canReset={active}
            onReset={resetAndFocus}
          />
          <FilterPanel id={PANEL_ID} open={panelOpen} filters={filters} locations={locations} update={update} />
          <ListingResults ref={resultsHeading} items={visible} onReset={resetAndFocus} />
        </>
      )}
    </div>
  );
}
