import { Link } from 'react-router-dom';
import '../ui/page.css';

export const APARTMENT_NOT_FOUND_TITLE = 'Appartement introuvable';
export const APARTMENT_NOT_FOUND_TEXT = "Ce logement n'existe pas ou n'est plus proposé.";

/** What an unknown slug shows, on the apartment page and on its reviews page. */
export function ApartmentNotFound() {
  return (
    <section className="cat-not-found" aria-labelledby="cat-not-found-title">
      <h1 id="cat-not-found-title" className="cat-not-found__title">
        {APARTMENT_NOT_FOUND_TITLE}
      </h1>
      <p className="cat-not-found__text">{APARTMENT_NOT_FOUND_TEXT}</p>
      <Link className="sk-button sk-button--primary" to="/">
        Retour à l'accueil
      </Link>
    </section>
  );
}
