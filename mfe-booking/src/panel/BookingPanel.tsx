import { useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSession, type BookingPanelProps, TitledSection } from 'shared-kernel';
import { checkoutState } from '../booking/bookingDetails';
import { travellerOptions } from '../booking/guests';
import { useQuote } from '../booking/useQuote';
import { minimumStayHint, shortPrice, useNightlyPrices } from '../booking/useNightlyPrices';
import { checkoutPath, LOGIN_TO_BOOK_TEXT, loginPathFor, SELECT_DATES_TEXT } from '../booking/texts';
import { readStayQuery, stayQuery } from '../booking/stayQuery';
import { todayIso } from '../booking/stayRange';
import { useUnavailableDays } from '../booking/useUnavailableDays';
import { StayCalendar, type StaySelection } from '../calendar/StayCalendar';
import { useBookingWidgetConfig } from '../ui/useBookingWidgetConfig';
import { BookingWidget } from './BookingWidget';
import { StaySummary } from './StaySummary';
import { TravellerSelect } from './TravellerSelect';
import '../ui/ui.css';
import './panel.css';

/** Where the apartment page puts the panel in a column beside the page (apartment.css in the catalogue). */
const SIDE_COLUMN_QUERY = '(min-width: 960px)';

/**
 * The direct-booking panel of the apartment page (spec sections 2 and 5, DECISIONS 5 and 6): dates,
 * travellers, the stay summary and total, 'Réserver maintenant' towards the checkout (or the
 * sign-in page for a visitor), and the external booking widget when it is configured.
 */
export default function BookingPanel({ appartement }: BookingPanelProps) {
  const navigate = useNavigate();
  const params = useParams();
  const user = useSession((s) => s.user);
  const sessionStatus = useSession((s) => s.status);
  const widget = useBookingWidgetConfig();
  const unavailable = useUnavailableDays(appartement.id);
  const titleId = useId();
  const hintId = useId();

  const [searchParams] = useSearchParams();
  // A stay chosen before the sign-in detour comes back in the address (?arrivee=…&depart=…&adultes=…&enfants=…).
  const [fromQuery] = useState(() => readStayQuery(searchParams, todayIso()));
  const [selection, setSelection] = useState<StaySelection | null>(fromQuery.stay);
  const [travellers, setTravellers] = useState(fromQuery.travellers);
  const [askForDates, setAskForDates] = useState(false);
  // Stacked in the apartment page (below 960 px, the catalogue's layout), the panel loads when its
  // place comes into view, and that place has the panel's height: the calendar must not depend on
  // the month. Beside the page (desktop), the sticky column needs the room of the sixth week.
  const [sixWeeks] = useState(() => typeof window.matchMedia !== 'function' || !window.matchMedia(SIDE_COLUMN_QUERY).matches);

  const slug = appartement.slug || params.slug || '';
  const capacity = travellerOptions(appartement).length;
  const adultes = Math.min(travellers.adultes, capacity);
  const enfants = Math.min(travellers.enfants, capacity - adultes);
  const endDate = selection?.endDate ?? null;
  const stay = selection && endDate ? { startDate: selection.startDate, endDate } : null;
  const quote = useQuote(appartement.id, stay, adultes, enfants);
  const nightly = useNightlyPrices(appartement.id);
  const minimumHint = selection && !endDate ? minimumStayHint(nightly.get(selection.startDate)) : null;

  const onDates = (next: StaySelection) => {
    setSelection(next);
    if (next.endDate) setAskForDates(false);
  };

  const reserve = () => {
    if (!stay) {
      setAskForDates(true);
      return;
    }
    // A stay the server refuses (minimum stay…) or has not priced yet cannot go to the checkout.
    if (quote.status !== 'ready') return;
    if (!user && sessionStatus === 'ready') {
      // The stay and travellers ride in the return address, so they are there again after signing in.
      void navigate(loginPathFor(slug, stayQuery({ ...stay, adultes, enfants })), { state: { message: LOGIN_TO_BOOK_TEXT } });
      return;
    }
    // While the session is still being restored, the checkout's guard decides.
    void navigate(checkoutPath(slug), {
      state: checkoutState({ ...stay, guestsCount: adultes + enfants, adultes, enfants, totalPrice: quote.devis.total }),
    });
  };

  return (
    <TitledSection title="Réservez votre séjour" titleId={titleId} className="sk-scope bk-panel" titleClassName="bk-panel__title">
      <StayCalendar
        startDate={selection?.startDate ?? null}
        endDate={endDate}
        unavailableDays={unavailable.days}
        availabilityFailed={unavailable.failed}
        loading={unavailable.loading}
        onChange={onDates}
        sixWeeks={sixWeeks}
        dayPrice={(iso) => {
          const day = nightly.get(iso);
          return day ? shortPrice(day.prix) : null;
        }}
      />
      <TravellerSelect
        capacity={capacity}
        adultes={adultes}
        enfants={enfants}
        onChange={(a, e) => setTravellers({ adultes: a, enfants: e })}
      />
      {stay ? (
        <StaySummary startDate={stay.startDate} endDate={stay.endDate} quote={quote} />
      ) : (
        <p className="bk-panel__hint">
          {selection ? 'Choisissez maintenant votre date de départ.' : "Choisissez vos dates d'arrivée et de départ."}
          {minimumHint ? ` ${minimumHint}` : null}
        </p>
      )}
      <button
        type="button"
        className="sk-button sk-button--primary sk-button--block"
        aria-disabled={stay && quote.status === 'ready' ? undefined : 'true'}
        aria-describedby={askForDates ? hintId : undefined}
        onClick={reserve}
      >
        Réserver maintenant
      </button>
      <div id={hintId} aria-live="assertive">
        {askForDates ? <p className="sk-error-note bk-panel__alert">{SELECT_DATES_TEXT}</p> : null}
      </div>
      {widget && appartement.smoobuId ? <BookingWidget config={widget} smoobuId={appartement.smoobuId} /> : null}
    </TitledSection>
  );
}
