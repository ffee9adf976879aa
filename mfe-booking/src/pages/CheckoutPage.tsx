import { useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import {
  bookingSchedule,
  DEPOSIT_EUR,
  errorStatus,
  formatLongDate,
  queries,
  reservationsApi,
  serverMessage,
  Spinner,
  transferRefusal,
  useMutation,
  useQuery,
  useQueryClient,
  usePageMeta,
  type Appartement,
  type NewReservation,
  type PaymentMethod,
  type PaymentOptions,
  Alert,
} from 'shared-kernel';
import { readCheckoutDraft, type CheckoutDraft } from '../booking/bookingDetails';
import { travellerOptions } from '../booking/guests';
import { todayIso } from '../booking/stayRange';
import type { StayPrice } from '../booking/stayText';
import { useQuote } from '../booking/useQuote';
import {
  apartmentPath,
  CHECKOUT_FAILURE_TEXT,
  CHECKOUT_LOAD_ERROR_TEXT,
  CHECKOUT_TITLE,
  DATES_TAKEN_TEXT,
  MISSING_DETAILS_TEXT,
} from '../booking/texts';
import { useUnavailableDays } from '../booking/useUnavailableDays';
import { CancellationPolicy } from '../checkout/CancellationPolicy';
import { CheckoutSummary, type PaymentPlan } from '../checkout/CheckoutSummary';
import { leaveFor } from '../checkout/leaveFor';
import { PaymentReturn } from '../checkout/PaymentReturn';
import { PaymentSection } from '../checkout/PaymentSection';
import { TransferRequested } from '../checkout/TransferRequested';
import { TripCard, type Editor, type StayDates } from '../checkout/TripCard';
import { useCheckoutApartment } from '../checkout/useCheckoutApartment';
import '../ui/ui.css';
import '../checkout/checkout.css';

const DESCRIPTION =
  'Vérifiez vos dates et le nombre de voyageurs, puis réglez votre acompte pour réserver votre appartement meublé à Metz.';
export const OPTIONS_ERROR_TEXT = 'Impossible de charger les moyens de paiement. Veuillez réessayer.';

/** The methods the server offers now; the first one is chosen by default. */
function usePaymentOptions(): PaymentOptions | 'loading' | 'error' {
  const { data, isError, isFetching } = useQuery(queries.paymentOptions());
  if (data !== undefined) return data.methodes.length > 0 ? data : 'error';
  return isError && !isFetching ? 'error' : 'loading';
}

/** The booking being sent (one at a time: a second click finds it in the cache at once). */
const BOOKING_KEY = ['reservations', 'nouvelle'] as const;

interface Failure {
  text: string;
  detail?: string | undefined;
}

/** What the red banner says about a failed reservation. */
function failureOf(error: unknown): Failure {
  const status = errorStatus(error);
  if (status === 409)
    return { text: CHECKOUT_FAILURE_TEXT, detail: `${serverMessage(error) ?? DATES_TAKEN_TEXT} Choisissez d'autres dates.` };
  // The server's French explanation of a refused request (400, 401…), when it gave one.
  return { text: CHECKOUT_FAILURE_TEXT, detail: status !== undefined && status < 500 ? serverMessage(error) : undefined };
}

function BackLink({ slug }: { slug: string }) {
  return (
    <Link to={apartmentPath(slug)} className="bk-back">
      Retour à l'appartement
    </Link>
  );
}

function CheckoutForm({
  slug,
  appartement,
  draft,
  options,
}: {
  slug: string;
  appartement: Appartement;
  draft: CheckoutDraft;
  options: PaymentOptions;
}) {
  const unavailable = useUnavailableDays(appartement.id);
  const [dates, setDates] = useState<StayDates | null>(draft.dates);
  // Same bound as the panel's select: the apartment's capacity (4 when unknown).
  const maxGuests = travellerOptions(appartement).length;
  const [guests, setGuests] = useState(() => Math.min(draft.guestsCount, maxGuests));
  const [editor, setEditor] = useState<Editor>(draft.dates ? 'none' : 'dates');
  const [method, setMethod] = useState<PaymentMethod>(options.methodes[0] ?? 'virement');
  /** What stops the booking before it is sent (no dates, no price). */
  const [missing, setMissing] = useState<Failure | null>(null);
  const client = useQueryClient();
  const book = useMutation({
    mutationKey: BOOKING_KEY,
    mutationFn: (booking: NewReservation) => reservationsApi.create(booking),
    onSuccess: (created) => {
      // Stripe's hosted checkout; the button stays disabled while the browser leaves.
      if (created.redirectUrl) leaveFor(created.redirectUrl);
    },
    onError: (error) => {
      if (errorStatus(error) === 409) {
        // Someone just booked some of these nights: show the calendar with the days as they are now.
        unavailable.reload();
        setEditor('dates');
      }
    },
  });
  const leaving = book.isSuccess && !!book.data.redirectUrl;
  const submitting = book.isPending || leaving;
  const booked = book.isSuccess ? book.data : null;
  const failure = missing ?? (book.isError ? failureOf(book.error) : null);

  // Children stay as the panel said, within the guests (at least one adult); the server prices the stay.
  const enfants = Math.min(draft.enfants, guests - 1);
  const adultes = guests - enfants;
  const quote = useQuote(appartement.id, dates, adultes, enfants);
  const price: StayPrice | null =
    quote.status === 'ready'
      ? { nights: quote.devis.nuits, total: quote.devis.total, deposit: quote.devis.acompte, remainder: quote.devis.reste }
      : null;

  // DECISIONS 34, the server's rules with its settings: a transfer too close to arrival is not offered
  // (refused when it is the only method); the whole stay is paid at booking inside the balance window.
  const online = options.methodes.some((m) => m !== 'virement');
  const refusal = dates ? transferRefusal(new Date(), dates.startDate, options.delaiVirementHeures, online, formatLongDate) : null;
  const offered: PaymentOptions = refusal && online ? { ...options, methodes: options.methodes.filter((m) => m !== 'virement') } : options;
  const chosen = offered.methodes.includes(method) ? method : (offered.methodes[0] ?? method);
  const plan: PaymentPlan | null =
    price && dates
      ? {
          schedule: bookingSchedule(
            Math.round(price.total * 100),
            Math.round(price.deposit * 100),
            dates.startDate,
            options.soldeJoursAvantArrivee,
            new Date(),
          ),
          soldeJours: options.soldeJoursAvantArrivee,
          balanceOnline: chosen !== 'virement',
        }
      : null;

  const pay = (paymentMethod: PaymentMethod) => {
    // The flag shows on the next render; the cache knows at once that a booking is being sent.
    if (submitting || client.isMutating({ mutationKey: BOOKING_KEY }) > 0) return;
    if (!dates || !appartement.id) {
      setMissing({ text: MISSING_DETAILS_TEXT });
      return;
    }
    if (!price) {
      setMissing({
        text: CHECKOUT_FAILURE_TEXT,
        detail: quote.status === 'refused' || quote.status === 'error' ? quote.message : undefined,
      });
      return;
    }
    setMissing(null);
    // The booking and the chosen method: card details are typed on Stripe's page only (DECISIONS 21).
    book.mutate({
      appartementId: appartement.id,
      startDate: dates.startDate,
      endDate: dates.endDate,
      guestsCount: guests,
      adultes,
      enfants,
      totalPrice: price.total,
      paymentMethod,
      accepteCgv: true,
    });
  };

  if (booked?.instructionsVirement)
    return <TransferRequested reservation={booked.reservation} instructions={booked.instructionsVirement} />;

  return (
    <>
      <BackLink slug={slug} />
      <h1 className="bk-checkout__title">{CHECKOUT_TITLE}</h1>
      {failure ? (
        <Alert tone="danger">
          <p>{failure.text}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </Alert>
      ) : null}
      {/* Trip, then the price summary, then payment: on a phone (one column) the guest sees what they
          pay before the payment form; on a desktop the summary is the right column. */}
      <div className="sk-columns bk-checkout__layout">
        <div className="bk-checkout__trip">
          <TripCard
            dates={dates}
            onDatesChange={setDates}
            guests={guests}
            maxGuests={maxGuests}
            onGuestsChange={setGuests}
            editor={editor}
            onEditorChange={setEditor}
            unavailableDays={unavailable.days}
            availabilityFailed={unavailable.failed}
            availabilityLoading={unavailable.loading}
          />
        </div>
        <CheckoutSummary appartement={appartement} quote={quote} plan={plan} />
        <div className="sk-stack sk-gap-6 sk-shrink bk-checkout__main">
          <PaymentSection
            options={offered}
            method={chosen}
            onMethodChange={setMethod}
            onPay={pay}
            submitting={submitting}
            startDate={dates?.startDate ?? null}
            plan={plan}
            transferRefusal={refusal}
            blocked={refusal !== null && !online}
          />
          <CancellationPolicy deposit={price?.deposit ?? DEPOSIT_EUR} politique={appartement.politiqueAnnulation} />
        </div>
      </div>
    </>
  );
}

function Checkout({ slug, draft }: { slug: string; draft: CheckoutDraft }) {
  const load = useCheckoutApartment(slug);
  const options = usePaymentOptions();
  if (load.status === 'loading' || options === 'loading') return <Spinner />;
  if (load.status === 'error' || options === 'error') {
    return (
      <>
        <BackLink slug={slug} />
        <h1 className="bk-checkout__title">{CHECKOUT_TITLE}</h1>
        <Alert tone="danger">
          <p>{load.status === 'error' ? CHECKOUT_LOAD_ERROR_TEXT : OPTIONS_ERROR_TEXT}</p>
        </Alert>
      </>
    );
  }
  return <CheckoutForm slug={slug} appartement={load.appartement} draft={draft} options={options} />;
}

/**
 * Checkout (route '/appartement/:slug/checkout', spec sections 2, 4, 5 and 8): the booking details
 * come from the apartment page's navigation state; without them the page returns to the apartment.
 * The shell's guard already sends a visitor who is not signed in to /login.
 */
export default function CheckoutPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  usePageMeta(CHECKOUT_TITLE, DESCRIPTION);
  // Read once: what the guest changes afterwards lives in the page's state.
  const [draft] = useState(() => readCheckoutDraft(location.state, todayIso()));
  const returning = Number(search.get('reservation'));

  // Back from Stripe's hosted page.
  if (Number.isInteger(returning) && returning > 0) {
    return (
      <div className="sk-page bk-page bk-checkout">
        <PaymentReturn reservationId={returning} cancelled={search.get('paiement') === 'annule'} />
      </div>
    );
  }
  if (!draft) return <Navigate to={apartmentPath(slug)} replace />;
  return (
    <div className="sk-page bk-page bk-checkout">
      <Checkout slug={slug} draft={draft} />
    </div>
  );
}
