import { Link } from 'react-router-dom';
import type { Appartement } from 'shared-kernel';
import { nightlyPriceText } from '../apartment/priceFrom';
import { ImageWithFallback, LISTING_CARD_IMAGE_SIZES } from 'shared-kernel';
import { hasReviews } from '../reviews/rating';
import { NewBadge } from '../reviews/NewBadge';

/** One lodging of the grid; the whole card links to its apartment page. `eager`: its photo is in the first view. */
export function ListingCard({ appartement, eager = false }: { appartement: Appartement; eager?: boolean }) {
  const { slug, titre, localisation, capacite, images, nombreAvis } = appartement;
  return (
    <Link className="cat-card" to={`/appartement/${encodeURIComponent(slug)}`}>
      <div className="cat-card__media">
        <ImageWithFallback src={images[0]} alt={titre} sizes={LISTING_CARD_IMAGE_SIZES} loading={eager ? 'eager' : 'lazy'} />
      </div>
      <div className="cat-card__body">
        <p className="cat-card__price">{nightlyPriceText(appartement)}</p>
        <h3 className="cat-card__title">{titre}</h3>
        {hasReviews(nombreAvis) ? null : <NewBadge className="cat-card__new" />}
        <p className="cat-card__location">{localisation}</p>
        <ul className="cat-card__features">
          <li>{`${capacite.chambres} ch.`}</li>
          <li>{`${capacite.sallesDeBain} sdb`}</li>
          <li>{`${capacite.voyageurs} pers.`}</li>
        </ul>
      </div>
    </Link>
  );
}
