import { Link } from 'react-router-dom';
import type { AppartementTrouve } from 'shared-kernel';
import { nightlyPriceText, stayPriceText } from '../apartment/priceFrom';
import { ImageWithFallback, LISTING_CARD_IMAGE_SIZES } from 'shared-kernel';
import { hasReviews } from '../reviews/rating';
import { NewBadge } from '../reviews/NewBadge';
import { cardLinkId } from '../map/mapPoints';

export interface ListingCardProps {
  appartement: AppartementTrouve;
  /** Its photo is the page's largest first paint (the first card): fetched eagerly at high priority, the server preloads it. */
  eager?: boolean;
  /** The searched stay, carried to the apartment page ('?arrivee=…'), whose booking panel reads it; '' for none. */
  stayQuery?: string;
  /** Chosen on the results map: shown highlighted. */
  chosen?: boolean;
  /** While the map is open: the card is hovered or focused (its id), or no longer (null). */
  onPoint?: (id: number | null) => void;
}

/**
 * One lodging of the grid; the whole card links to its apartment page. With a searched stay it
 * shows that stay's price ('412 € pour 3 nuits'), else the nightly price.
 */
export function ListingCard({ appartement, eager = false, stayQuery = '', chosen = false, onPoint }: ListingCardProps) {
  const { id, slug, titre, localisation, capacite, images, nombreAvis, sejour } = appartement;
  const point = onPoint ? () => onPoint(id) : undefined;
  const leave = onPoint ? () => onPoint(null) : undefined;
  return (
    <Link
      id={cardLinkId(id)}
      className={chosen ? 'cat-card cat-card--chosen' : 'cat-card'}
      to={`/appartement/${encodeURIComponent(slug)}${stayQuery}`}
      onMouseEnter={point}
      onFocus={point}
      onMouseLeave={leave}
      onBlur={leave}
    >
      <div className="cat-card__media">
        <ImageWithFallback
          src={images[0]}
          alt={titre}
          sizes={LISTING_CARD_IMAGE_SIZES}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'low'}
        />
      </div>
      <div className="cat-card__body">
        <p className="cat-card__price">{sejour ? stayPriceText(sejour) : nightlyPriceText(appartement)}</p>
        <h3 className="cat-card__title">{titre}</h3>
        {hasReviews(nombreAvis) ? null : <NewBadge className="cat-card__new" />}
        <p className="cat-card__location">{localisation}</p>
        <ul className="sk-list cat-card__features">
          <li>{`${capacite.chambres} ch.`}</li>
          <li>{`${capacite.sallesDeBain} sdb`}</li>
          <li>{`${capacite.voyageurs} pers.`}</li>
        </ul>
      </div>
    </Link>
  );
}
