import { NotFoundNotice } from '../ui/NotFoundNotice';

export const APARTMENT_NOT_FOUND_TITLE = 'Appartement introuvable';
export const APARTMENT_NOT_FOUND_TEXT = "Ce logement n'existe pas ou n'est plus proposé.";

/** What an unknown slug shows, on the apartment page and on its reviews page. */
export function ApartmentNotFound() {
  return <NotFoundNotice title={APARTMENT_NOT_FOUND_TITLE} text={APARTMENT_NOT_FOUND_TEXT} backLabel="Retour à l'accueil" />;
}
