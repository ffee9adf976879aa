import { Link, useLocation } from 'react-router-dom';
import { pageLabel } from './listQuery';

/** The address of another page of the same filtered list. */
function pageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** « Page 2 sur 14 », with real links to the previous and the next page (shareable, openable in a new tab). */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { search } = useLocation();
  const previous = Math.min(page - 1, pages);
  return (
    <nav className="adm-pager" aria-label="Pages des réservations">
      {previous >= 1 ? (
        <Link className="sk-button sk-button--secondary" to={{ search: pageSearch(search, previous) }}>
          Page précédente
        </Link>
      ) : null}
      <p className="adm-pager__label">{pageLabel(page, pages)}</p>
      {page < pages ? (
        <Link className="sk-button sk-button--secondary" to={{ search: pageSearch(search, page + 1) }}>
          Page suivante
        </Link>
      ) : null}
    </nav>
  );
}
