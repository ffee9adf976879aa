import { formatLongDate, type Avis, type ReponseAvis } from 'shared-kernel';
import { NO_REVIEWS_TEXT } from './rating';
import { RatingStars } from './RatingStars';
import './reviews.css';

/** One review: the author's first name and initial, the fr-FR date, the stars and the comment. */
export function ReviewItem({ avis }: { avis: Avis }) {
  const author = avis.auteur || 'Voyageur';
  const date = formatLongDate(avis.date);
  return (
    <article className="cat-review">
      <header className="cat-review__header">
        <span className="cat-review__avatar" aria-hidden="true">
          {Array.from(author)[0]?.toUpperCase()}
        </span>
        <div className="cat-review__who">
          <h3 className="cat-review__author">{author}</h3>
          {date && (
            <time className="cat-review__date" dateTime={avis.date}>
              {date}
            </time>
          )}
        </div>
      </header>
      <RatingStars value={avis.note} size="small" />
      {avis.commentaire && <p className="cat-review__comment">{avis.commentaire}</p>}
      {avis.reponse ? <HostReply reponse={avis.reponse} /> : null}
    </article>
  );
}

export const HOST_REPLY_TITLE = 'Réponse de l’hôte';

/** The host's public answer under a review, dated with its last writing. */
function HostReply({ reponse }: { reponse: ReponseAvis }) {
  const date = formatLongDate(reponse.date);
  return (
    <div className="cat-review__reply">
      <p className="cat-review__reply-title">
        {HOST_REPLY_TITLE}
        {date ? (
          <>
            {' · '}
            <time dateTime={reponse.date}>{date}</time>
          </>
        ) : null}
      </p>
      <p className="cat-review__reply-text">{reponse.texte}</p>
    </div>
  );
}

/** A list of reviews, or the empty state when there is none. */
export function ReviewList({ avis }: { avis: readonly Avis[] }) {
  if (avis.length === 0) return <p className="sk-empty cat-reviews-empty">{NO_REVIEWS_TEXT}</p>;
  return (
    <ul className="sk-list sk-grid cat-review-list">
      {avis.map((item, index) => (
        <li key={`${item.id}-${index}`} className="cat-review-list__item">
          <ReviewItem avis={item} />
        </li>
      ))}
    </ul>
  );
}
