import { useState, type FormEvent } from 'react';
import { describeFailure, reviewsApi, useMutation, type Avis, type Reservation, Alert, TextAreaField, focusField } from 'shared-kernel';
import { StarRatingInput } from './StarRatingInput';
import { ratingLabel, starsGlyphs } from './stars';
import {
  REVIEW_ALREADY_SENT,
  REVIEW_COMMENT_MAX,
  REVIEW_COMMENT_MIN,
  REVIEW_FAILED,
  REVIEW_NEEDS_COMMENT,
  REVIEW_NEEDS_RATING,
  REVIEW_PUBLISHED,
} from './text';
import './reservation.css';

type Phase = { kind: 'form' } | { kind: 'sent'; avis: Avis } | { kind: 'already'; message: string };

interface Problems {
  rating?: string;
  comment?: string;
}

/** The review once written: its stars and comment. */
function SentReview({ avis }: { avis: Avis }) {
  return (
    <div className="acc-review">
      <p className="acc-review__stars" role="img" aria-label={ratingLabel(avis.note)}>
        <span aria-hidden="true">{starsGlyphs(avis.note)}</span>
      </p>
      <p className="sk-text-block acc-review__comment">{avis.commentaire}</p>
    </div>
  );
}

/**
 * 'Laisser un avis' after a finished stay (DECISIONS 11), for its guest. A stay already reviewed
 * (`avisLaisse` of the reservation) says so at once instead of an empty form; a 409 on sending
 * (reviewed meanwhile, from another tab) settles it too.
 */
export function ReviewSection({ reservation }: { reservation: Reservation }) {
  const [opening] = useState<Phase>(() => (reservation.avisLaisse ? { kind: 'already', message: REVIEW_ALREADY_SENT } : { kind: 'form' }));
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const publish = useMutation({
    mutationFn: (review: { note: number; commentaire: string }) =>
      reviewsApi.create(reservation.appartementId, { reservationId: reservation.id, ...review }),
  });
  const sending = publish.isPending;
  const refused = publish.isError ? describeFailure(publish.error) : null;
  const phase: Phase = publish.isSuccess
    ? {
        kind: 'sent',
        avis: {
          ...publish.data,
          note: publish.data.note || publish.variables.note,
          commentaire: publish.data.commentaire || publish.variables.commentaire,
        },
      }
    : refused?.kind === 'response' && refused.status === 409
      ? { kind: 'already', message: refused.message ?? REVIEW_ALREADY_SENT }
      : opening;
  const failure =
    refused && phase.kind === 'form'
      ? refused.kind === 'response' && refused.status < 500 && refused.message
        ? refused.message
        : REVIEW_FAILED
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const commentaire = comment.trim();
    const found: Problems = {};
    if (rating === null) found.rating = REVIEW_NEEDS_RATING;
    if (commentaire.length < REVIEW_COMMENT_MIN) found.comment = REVIEW_NEEDS_COMMENT;
    setProblems(found);
    publish.reset();
    if (found.rating || found.comment || rating === null) {
      if (found.rating) event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      else focusField(event.currentTarget, 'commentaire');
      return;
    }
    publish.mutate({ note: rating, commentaire });
  };

  return (
    <section className="sk-card" aria-labelledby="acc-review-title">
      <h2 id="acc-review-title" className="sk-card__title">
        {phase.kind === 'form' ? 'Laisser un avis' : 'Votre avis'}
      </h2>
      {phase.kind === 'sent' ? (
        <>
          <Alert tone="success">{REVIEW_PUBLISHED}</Alert>
          <SentReview avis={phase.avis} />
        </>
      ) : null}
      {phase.kind === 'already' ? <Alert tone="info">{phase.message}</Alert> : null}
      {phase.kind === 'form' ? (
        <form className="sk-form" noValidate onSubmit={onSubmit} aria-label="Laisser un avis">
          <p className="sk-muted acc-review__intro">Votre séjour est terminé : partagez votre expérience avec les prochains voyageurs.</p>
          {failure ? <Alert tone="danger">{failure}</Alert> : null}
          <StarRatingInput
            value={rating}
            onChange={(value) => {
              setRating(value);
              setProblems((current) => ({ ...current, rating: undefined }));
            }}
            error={problems.rating ?? null}
            disabled={sending}
          />
          <TextAreaField
            label="Votre commentaire"
            name="commentaire"
            required
            markRequired={false}
            maxLength={REVIEW_COMMENT_MAX}
            rows={5}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            error={problems.comment ?? null}
            disabled={sending}
          />
          <div>
            <button type="submit" className="sk-button sk-button--primary" disabled={sending}>
              {sending ? 'Publication en cours...' : 'Publier mon avis'}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
