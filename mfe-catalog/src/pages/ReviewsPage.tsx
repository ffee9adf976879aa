import { Link, useParams } from 'react-router-dom';
import { Spinner, usePageMeta, type Appartement, type AvisResume, Alert, TitledSection } from 'shared-kernel';
import { APARTMENT_NOT_FOUND_TEXT, APARTMENT_NOT_FOUND_TITLE, ApartmentNotFound } from '../apartment/ApartmentNotFound';
import { apartmentPath } from '../apartment/paths';
import { LOAD_ERROR_TEXT, useApartment } from '../apartment/useApartment';
import { formatRating, hasReviews, reviewCountText } from '../reviews/rating';
import { NewBadge } from '../reviews/NewBadge';
import { RatingDistribution } from '../reviews/RatingDistribution';
import { RatingStars } from '../reviews/RatingStars';
import { ReviewList } from '../reviews/ReviewItem';
import { useReviews } from '../reviews/useReviews';
import '../ui/page.css';
import '../reviews/reviews.css';

function BackLink({ slug }: { slug: string }) {
  return (
    <p className="cat-reviews-page__back">
      <Link to={apartmentPath(slug)}>
        <span aria-hidden="true">← </span>Retour à l'appartement
      </Link>
    </p>
  );
}

function ReviewsContent({ appartement, resume }: { appartement: Appartement; resume: AvisResume }) {
  return (
    <>
      <BackLink slug={appartement.slug} />
      <h1 className="cat-reviews-page__title">{`Avis sur ${appartement.titre}`}</h1>
      <div className="cat-reviews-page__layout">
        <TitledSection
          title="Note moyenne"
          titleId="cat-reviews-overview-title"
          className="sk-panel cat-reviews-page__overview"
          titleClassName="cat-reviews-page__heading"
        >
          {hasReviews(resume.nombreAvis) ? (
            <p className="cat-reviews-page__average">
              <span className="cat-reviews-page__average-value" aria-hidden="true">
                {formatRating(resume.moyenne)}
              </span>
              <RatingStars value={resume.moyenne} size="large" />
            </p>
          ) : (
            <p className="cat-reviews-page__average">
              <NewBadge />
            </p>
          )}
          <p className="cat-reviews-page__count">{reviewCountText(resume.nombreAvis)}</p>
          <h3 className="cat-reviews-page__subheading">Répartition des notes</h3>
          <RatingDistribution repartition={resume.repartition} />
        </TitledSection>
        <TitledSection
          title="Tous les avis"
          titleId="cat-reviews-list-title"
          className="cat-reviews-page__list"
          titleClassName="cat-reviews-page__heading"
        >
          <ReviewList avis={resume.avis} />
        </TitledSection>
      </div>
    </>
  );
}

/** All the reviews of an apartment (route '/appartement/:slug/avis'): average, 5-to-1 distribution, list. */
export default function ReviewsPage() {
  const { slug } = useParams();
  const { state } = useApartment(slug);
  const appartement = state.status === 'ready' ? state.appartement : null;
  const reviews = useReviews(appartement?.id ?? null);

  const [title, description] =
    state.status === 'not-found'
      ? [APARTMENT_NOT_FOUND_TITLE, APARTMENT_NOT_FOUND_TEXT]
      : appartement
        ? [
            `Avis sur ${appartement.titre}`,
            `Les avis des voyageurs sur ${appartement.titre} : note moyenne, répartition des notes et commentaires.`,
          ]
        : ['Avis', undefined];
  usePageMeta(title, description, { image: appartement?.images[0] ?? null, noindex: state.status === 'not-found' });

  let content;
  if (state.status === 'not-found') {
    content = <ApartmentNotFound />;
  } else if (state.status === 'error' || reviews.status === 'error') {
    content = (
      <>
        {slug && <BackLink slug={appartement?.slug ?? slug} />}
        <Alert tone="danger">{LOAD_ERROR_TEXT}</Alert>
      </>
    );
  } else if (!appartement || reviews.status !== 'ready') {
    content = <Spinner />;
  } else {
    content = <ReviewsContent appartement={appartement} resume={reviews.resume} />;
  }
  return <div className="sk-page cat-page cat-reviews-page">{content}</div>;
}
