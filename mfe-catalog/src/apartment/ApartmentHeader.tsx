import { Link } from 'react-router-dom';
import { formatEuro, slugify, townPagePath, type Appartement } from 'shared-kernel';
import { priceFromPrefix, shownNightlyPrice } from './priceFrom';
import { formatRating, hasReviews, reviewCountText } from '../reviews/rating';
import { NewBadge } from '../reviews/NewBadge';
import { RatingStars } from '../reviews/RatingStars';
import { reviewsPath } from './paths';

/**
 * Title, rating (stars and value), review count linking to the reviews page, location and a link
 * to its town's page (a div, not a <header>: the site header is the page's only banner).
 */
export function ApartmentHeader({ appartement }: { appartement: Appartement }) {
  const { titre, note, nombreAvis, localisation, ville, slug } = appartement;
  const townSlug = slugify(ville ?? '');
  return (
    <div className="cat-apartment__header">
      <h1 className="cat-apartment__title">{titre}</h1>
      <div className="cat-apartment__meta">
        {hasReviews(nombreAvis) ? (
          <>
            <span className="cat-apartment__rating">
              <RatingStars value={note} />
              <span className="cat-apartment__rating-value" aria-hidden="true">
                {formatRating(note)}
              </span>
            </span>
            <span aria-hidden="true">·</span>
            <Link to={reviewsPath(slug)}>{reviewCountText(nombreAvis)}</Link>
          </>
        ) : (
          <NewBadge />
        )}
        {localisation && (
          <>
            <span aria-hidden="true">·</span>
            <span className="cat-apartment__location">
              <span className="sk-visually-hidden">Emplacement : </span>
              {localisation}
            </span>
          </>
        )}
        {townSlug && (
          <>
            <span aria-hidden="true">·</span>
            <Link to={townPagePath(townSlug)}>{`Tous nos logements à ${ville}`}</Link>
          </>
        )}
      </div>
      {/* On a phone the price column comes after the details: the price is also given here. */}
      <p className="cat-apartment__price-mobile">
        {priceFromPrefix(appartement)}
        <strong>{formatEuro(shownNightlyPrice(appartement))}</strong> / nuit
      </p>
    </div>
  );
}
