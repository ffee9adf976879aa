/** The 1-to-5 star scale of reviews (spec section 9). */
import { pluralize } from 'shared-kernel';

export const STAR_SCALE = 5;
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/** '1 étoile', '5 étoiles' */
export function starsLabel(count: number): string {
  return pluralize(count, 'étoile');
}

/** 'Note : 4 sur 5' */
export function ratingLabel(note: number): string {
  return `Note : ${note} sur ${STAR_SCALE}`;
}

/** '★★★★☆' for 4 */
export function starsGlyphs(note: number): string {
  const filled = Math.min(STAR_SCALE, Math.max(0, Math.round(note)));
  return '★'.repeat(filled) + '☆'.repeat(STAR_SCALE - filled);
}
