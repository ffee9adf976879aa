import { Link } from 'react-router-dom';
import { Island, townPagePath, type VilleFacette } from 'shared-kernel';

/** '1 logement', '12 logements'. */
export const lodgingsText = (n: number): string => `${n} logement${n > 1 ? 's' : ''}`;

/** « Nos villes »: a link to each town's page (`/location/:slug`), with its number of lodgings. */
export function TownList({ villes, current }: { villes: readonly VilleFacette[]; current?: string }) {
  if (villes.length === 0) return null;
  return (
    <nav className="cat-towns" aria-labelledby="cat-towns-title">
      <h2 id="cat-towns-title" className="cat-towns__title">
        Nos villes
      </h2>
      <Island as="ul" when="visible" className="sk-list cat-towns__list">
        {villes.map((v) => (
          <li key={v.slug}>
            <Link to={townPagePath(v.slug)} aria-current={v.slug === current ? 'page' : undefined}>
              {v.ville}
            </Link>{' '}
            <span className="sk-muted">{`(${lodgingsText(v.nombre)})`}</span>
          </li>
        ))}
      </Island>
    </nav>
  );
}
