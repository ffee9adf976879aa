import { useParams } from 'react-router-dom';
import { Spinner, usePageMeta, Alert } from 'shared-kernel';
import { AdminEditorSlot } from '../apartment/RemoteSlots';
import { Amenities, CapacityList, Description, HostCard, HouseRules } from '../apartment/ApartmentDetails';
import { ApartmentHeader } from '../apartment/ApartmentHeader';
import { APARTMENT_NOT_FOUND_TEXT, APARTMENT_NOT_FOUND_TITLE, ApartmentNotFound } from '../apartment/ApartmentNotFound';
import { Gallery } from '../apartment/Gallery';
import { BookingBar } from '../apartment/BookingBar';
import { PriceCard } from '../apartment/PriceCard';
import { RegistrationNumber } from '../apartment/priceFrom';
import { ReviewsSummary } from '../apartment/ReviewsSummary';
import { excerpt } from '../apartment/text';
import { LOAD_ERROR_TEXT, useApartment, type ApartmentState } from '../apartment/useApartment';
import { useReviews } from '../reviews/useReviews';
import '../ui/page.css';
import '../apartment/apartment.css';

/** The page's head: its title and town, an excerpt, its first photo for link previews. */
function pageMeta(state: ApartmentState): Parameters<typeof usePageMeta> {
  switch (state.status) {
    case 'ready': {
      const a = state.appartement;
      const title = a.titre ? `${a.titre} – ${a.localisation || a.ville}` : 'Appartement';
      return [title, excerpt(a.description) || undefined, { image: a.images[0] ?? null }];
    }
    case 'not-found':
      return [APARTMENT_NOT_FOUND_TITLE, APARTMENT_NOT_FOUND_TEXT, { noindex: true }];
    default:
      return ['Appartement', undefined];
  }
}

/** Apartment page (route '/appartement/:slug'). */
export default function ApartmentPage() {
  const { slug } = useParams();
  const { state, reload } = useApartment(slug);
  const appartement = state.status === 'ready' ? state.appartement : null;
  const reviews = useReviews(appartement?.id ?? null);
  usePageMeta(...pageMeta(state));

  if (state.status === 'loading') {
    return (
      <div className="sk-page cat-page">
        <Spinner />
      </div>
    );
  }
  if (state.status === 'not-found') {
    return (
      <div className="sk-page cat-page">
        <ApartmentNotFound />
      </div>
    );
  }
  if (!appartement) {
    return (
      <div className="sk-page cat-page">
        <Alert tone="danger">{LOAD_ERROR_TEXT}</Alert>
      </div>
    );
  }

  return (
    <div className="sk-page cat-page cat-apartment">
      <ApartmentHeader appartement={appartement} />
      <Gallery images={appartement.images} alts={appartement.imagesAlt} title={appartement.titre} />
      <AdminEditorSlot appartement={appartement} onSaved={reload} />
      {/* Key facts, then price and booking, then the rest: on a phone (one column) the panel comes
          right after the facts, not after every review; on a desktop the panel is the right column. */}
      <div className="cat-apartment__layout">
        <div className="cat-apartment__facts">
          <CapacityList appartement={appartement} />
        </div>
        <PriceCard appartement={appartement} />
        <div className="cat-apartment__main">
          <Description text={appartement.description} />
          <Amenities appartement={appartement} />
          <HostCard appartement={appartement} />
          <HouseRules appartement={appartement} />
          <RegistrationNumber numero={appartement.numeroEnregistrement} />
          <ReviewsSummary slug={appartement.slug || slug || ''} reviews={reviews} />
        </div>
      </div>
      <BookingBar appartement={appartement} />
    </div>
  );
}
