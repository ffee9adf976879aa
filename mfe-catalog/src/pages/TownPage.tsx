import { useParams } from 'react-router-dom';
import { townPageDescription, townPagePath, townPageTitle, usePageMeta, type VilleFacette } from 'shared-kernel';
import { SearchSection } from '../home/SearchSection';
import { TownList } from '../home/TownList';
import { useSearchPage } from '../home/useSearchPage';
import { NotFoundNotice } from '../ui/NotFoundNotice';
import '../home/home.css';
import '../ui/page.css';

export const TOWN_NOT_FOUND_TITLE = 'Ville introuvable';
export const TOWN_NOT_FOUND_TEXT = 'Nous ne proposons pas encore de logement dans cette ville.';

/** The page's head: the town's own title and description; an unknown town is not to be indexed. */
function pageMeta(town: VilleFacette | undefined, known: boolean): Parameters<typeof usePageMeta> {
  if (town) return [townPageTitle(town.ville), townPageDescription(town.ville, town.nombre)];
  return known ? [TOWN_NOT_FOUND_TITLE, TOWN_NOT_FOUND_TEXT, { noindex: true }] : ['Location meublée'];
}

/**
 * A town's page (route '/location/:ville', issue 32): « Location meublée à Thionville », the stay
 * search with the town fixed by the address's path (dates, travellers and filters in its query, as
 * on the home page) and a page of that town's lodgings; the other towns below. The server renders
 * it, and answers 404 for a town without any published lodging.
 */
export default function TownPage() {
  const { ville = '' } = useParams();
  const state = useSearchPage(ville);
  const villes = state.villes;
  const town = villes?.find((v) => v.slug === ville);
  usePageMeta(...pageMeta(town, villes !== undefined));

  if (villes !== undefined && !town) {
    return (
      <div className="sk-page cat-page">
        <NotFoundNotice title={TOWN_NOT_FOUND_TITLE} text={TOWN_NOT_FOUND_TEXT} backLabel="Voir tous nos logements" />
        <TownList villes={villes} />
      </div>
    );
  }

  return (
    <div className="sk-page cat-home cat-town">
      <h1 className="cat-hero__title">{town ? townPageTitle(town.ville) : 'Location meublée'}</h1>
      {town ? <p className="cat-hero__lead cat-town__lead">{townPageDescription(town.ville, town.nombre)}</p> : null}
      <SearchSection state={state} path={townPagePath(ville)} townSelect={false} />
      <TownList villes={villes ?? []} current={ville} />
    </div>
  );
}
