import { Link } from 'react-router-dom';
import { Spinner } from 'shared-kernel';
import { formatRating, NO_REVIEWS_TEXT, reviewCountText } from '../reviews/rating';
import { RatingStars } from '../reviews/RatingStars';
import { ReviewList } from '../reviews/ReviewItem';
import type { ReviewsState } from '../reviews/useReviews';
import { reviewsPath } from './paths';
import { ContentSection } from '../content/ContentSection';

/** Spec: the apartment page shows the most recent reviews, the reviews page all of them. */
export const RECENT_REVIEWS = 3;
export const REVIEWS_UNAVAILABLE_TEXT = 'Les avis ne peuvent pas être affichés pour le moment.';

/** Average, count, the 3 most recent reviews and the link to all of them. */
export function ReviewsSummary({ slug, reviews }: { slug: string; reviews: ReviewsState }) {
  return (
    // Once the reviews are there the section holds only text, stars and links: kept as the server
    // rendered it. Loading or failed, it is rendered (and replaced by a fresh one when they arrive).
    <ContentSection id="cat-reviews-title" title="Avis des voyageurs" isStatic={reviews.status === 'ready'}>
      {reviews.status === 'loading' && <Spinner label="Chargement des avis…" />}
      {reviews.status === 'error' && (
        <p className="cat-muted">
          {REVIEWS_UNAVAILABLE_TEXT} <Link to={reviewsPath(slug)}>Voir la page des avis</Link>
        </p>
      )}
      {reviews.status === 'ready' &&
        (reviews.resume.nombreAvis === 0 || reviews.resume.avis.length === 0 ? (
          <p className="sk-empty cat-reviews-empty">{NO_REVIEWS_TEXT}</p>
        ) : (
          <>
            <p className="cat-reviews-summary">
              <RatingStars value={reviews.resume.moyenne} />
              <span className="cat-reviews-summary__average" aria-hidden="true">
                {formatRating(reviews.resume.moyenne)}
              </span>
              <span>{reviewCountText(reviews.resume.nombreAvis)}</span>
            </p>
            <ReviewList avis={reviews.resume.avis.slice(0, RECENT_REVIEWS)} />
            <p className="cat-section__more">
              <Link className="sk-button sk-button--secondary" to={reviewsPath(slug)}>
                Voir tous les avis
              </Link>
            </p>
          </>
        ))}
    </ContentSection>
  );
}
