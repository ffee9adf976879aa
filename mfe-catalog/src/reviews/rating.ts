/** Ratings and reviews as the catalogue shows them (star scale 5, fr-FR numbers). */
import { formatDecimal, pluralize, type Avis, type AvisResume, type StarCount } from 'shared-kernel';

/** Spec section 9: star scale 5. */
export const STAR_SCALE = 5;
/** Rows of the distribution, from 5 down to 1 star. */
export const STAR_ROWS: readonly StarCount[] = [5, 4, 3, 2, 1];
export const NO_REVIEWS_TEXT = 'Aucun avis pour le moment.';
/**
 * Shown instead of the rating of an apartment nobody has reviewed yet: the API then sends the
 * defaults note 5 and nombreAvis 0, and '★★★★★ 5,0 · 0 avis' would be a rating nobody gave.
 */
export const NEW_LISTING_TEXT = 'Nouveau';

export function hasReviews(nombreAvis: number): boolean {
  return nombreAvis > 0;
}

function clampRating(value: number): number {
  return Number.isFinite(value) ? Math.min(STAR_SCALE, Math.max(0, value)) : 0;
}

/** "4,6", "5,0" */
export function formatRating(value: number): string {
  return formatDecimal(clampRating(value), 1, 1);
}

/** "Note : 4,6 sur 5", "Note : 4 sur 5" (the spoken name of a row of stars). */
export function ratingLabel(value: number): string {
  return `Note : ${formatDecimal(clampRating(value), 1)} sur ${STAR_SCALE}`;
}

/** "1 avis", "12 avis" */
export function reviewCountText(count: number): string {
  return pluralize(count, 'avis', 'avis');
}

/** "1 étoile", "5 étoiles" */
export function starsText(stars: number): string {
  return pluralize(stars, 'étoile');
}

function toCount(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toAvis(value: unknown): Avis | null {
  if (!isRecord(value)) return null;
  const note = Number(value.note);
  if (!Number.isFinite(note)) return null;
  return {
    id: Number(value.id) || 0,
    auteur: typeof value.auteur === 'string' ? value.auteur.trim() : '',
    date: typeof value.date === 'string' ? value.date : '',
    note: clampRating(note),
    commentaire: typeof value.commentaire === 'string' ? value.commentaire : '',
    ...toReply(value.reponse),
  };
}

/** The host's reply, kept only when it has a text and a date. */
function toReply(value: unknown): Pick<Avis, 'reponse'> {
  if (!isRecord(value) || typeof value.texte !== 'string' || value.texte.trim() === '' || typeof value.date !== 'string') return {};
  return { reponse: { texte: value.texte, date: value.date } };
}

/**
 * The reviews answer, read tolerantly: a missing list is empty, a missing count per star is 0, and
 * the list is ordered newest first whatever order it came in.
 */
export function normalizeResume(value: unknown): AvisResume {
  const raw = isRecord(value) ? value : {};
  const avis = (Array.isArray(raw.avis) ? raw.avis : [])
    .map(toAvis)
    .filter((a): a is Avis => a !== null)
    .sort((a, b) => (Date.parse(b.date) || 0) - (Date.parse(a.date) || 0));
  const rawRepartition = isRecord(raw.repartition) ? raw.repartition : {};
  const repartition = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } as Record<StarCount, number>;
  for (const star of STAR_ROWS) repartition[star] = toCount(rawRepartition[star]);
  const moyenne = Number(raw.moyenne);
  const nombreAvis = raw.nombreAvis === undefined ? avis.length : toCount(raw.nombreAvis);
  return { avis, moyenne: Number.isFinite(moyenne) ? clampRating(moyenne) : STAR_SCALE, nombreAvis, repartition };
}
