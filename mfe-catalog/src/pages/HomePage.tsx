import { usePageMeta } from 'shared-kernel';
import { HomeBanner } from '../home/HomeBanner';
import { SearchSection } from '../home/SearchSection';
import { TownList } from '../home/TownList';
import { useSearchPage } from '../home/useSearchPage';
import '../home/home.css';

const PAGE_DESCRIPTION =
  'Location d’appartements meublés à Metz pour vos courts séjours : cherchez par dates et voyageurs, filtrez par prix, équipements, emplacement et capacité, puis réservez en ligne.';

/** What search results and link previews show for the home page (the server writes it into its HTML). */
const PAGE_TITLE = 'Locations meublées de courte durée à Metz';

/**
 * Home page (route '/'): welcome banner, the stay search, filters and a page of the lodgings free
 * for it, then « Nos villes ». The whole search is in the address (issue 32): shareable, and the
 * server renders its first page; the server filters, the page holds only the pages asked for.
 */
export default function HomePage() {
  usePageMeta(PAGE_TITLE, PAGE_DESCRIPTION);
  const state = useSearchPage();
  return (
    <div className="sk-page cat-home">
      <HomeBanner />
      <SearchSection state={state} path="/" townSelect />
      <TownList villes={state.villes ?? []} />
    </div>
  );
}
