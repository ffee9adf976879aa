/** Any unknown address (DECISIONS 16: a 404 page, not a redirect). */
import { Link } from 'react-router-dom';
import { usePageMeta } from 'shared-kernel';

export const NOT_FOUND_TITLE = 'Page non trouvée';
export const NOT_FOUND_TEXT = "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.";

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_TITLE, NOT_FOUND_TEXT);
  return (
    <section className="sh-not-found" aria-labelledby="sh-not-found-title">
      <p className="sh-not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="sh-not-found-title">{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_TEXT}</p>
      <Link className="sk-button sk-button--primary" to="/">
        Retour à l'accueil
      </Link>
    </section>
  );
}
