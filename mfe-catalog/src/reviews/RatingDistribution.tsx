import type { StarCount } from 'shared-kernel';
import { reviewCountText, STAR_ROWS, starsText } from './rating';
import './reviews.css';

/** Width of a bar: its share of all reviews, in percent with one decimal (0 when there is none). */
export function barPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 1000) / 10 : 0;
}

/**
 * The 5-to-1 distribution: one row per star with a bar proportional to its share and the count.
 * Each bar is spoken as one image ("5 étoiles : 8 avis"); the visible label and count are the same
 * information for the eye.
 */
export function RatingDistribution({ repartition }: { repartition: Record<StarCount, number> }) {
  const total = STAR_ROWS.reduce((sum, star) => sum + repartition[star], 0);
  return (
    <ul className="sk-list sk-stack cat-distribution">
      {STAR_ROWS.map((star) => {
        const count = repartition[star];
        return (
          <li key={star} className="cat-distribution__row">
            <span className="cat-distribution__label" aria-hidden="true">
              {starsText(star)}
            </span>
            <span className="cat-distribution__bar" role="img" aria-label={`${starsText(star)} : ${reviewCountText(count)}`}>
              <span className="cat-distribution__fill" style={{ width: `${barPercent(count, total)}%` }} />
            </span>
            <span className="cat-distribution__count" aria-hidden="true">
              {count}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
