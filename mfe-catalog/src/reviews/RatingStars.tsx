import { ratingLabel, STAR_SCALE } from './rating';
import './reviews.css';

const STARS = '★'.repeat(STAR_SCALE);

/**
 * A rating as a row of 5 stars filled in proportion (4,6 fills four stars and most of the fifth),
 * spoken as one image: "Note : 4,6 sur 5".
 */
export function RatingStars({ value, size = 'medium' }: { value: number; size?: 'small' | 'medium' | 'large' }) {
  const filled = Number.isFinite(value) ? Math.min(STAR_SCALE, Math.max(0, value)) : 0;
  return (
    <span className={`cat-stars cat-stars--${size}`} role="img" aria-label={ratingLabel(value)}>
      <span className="cat-stars__empty" aria-hidden="true">
        {STARS}
      </span>
      <span className="cat-stars__filled" aria-hidden="true" style={{ width: `${(filled / STAR_SCALE) * 100}%` }}>
        {STARS}
      </span>
    </span>
  );
}
