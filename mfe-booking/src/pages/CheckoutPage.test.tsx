import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { appartementsApi, reservationsApi } from 'shared-kernel';
import { fakeQuote, httpError, isDisabledDay, loft, pickDay, reservation } from '../../test/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import { leaveFor } from '../checkout/leaveFor';
import CheckoutPage from './CheckoutPage';

jest.mock('../checkout/leaveFor', () => ({ leaveFor: jest.fn() }));

const bySlug = jest.spyOn(appartementsApi, 'bySlug');
const unavailableDays = jest.spyOn(appartementsApi, 'unavailableDays');
const create = jest.spyOn(reservationsApi, 'create');
const paymentOptions = jest.spyOn(reservationsApi, 'paymentOptions');
const getReservation = jest.spyOn(reservationsApi, 'get');
const TRANSFER_ONLY = { methodes: ['virement' as const], delaiVirementHeures: 72, delaiStripeMinutes: 0, soldeJoursAvantArrivee: 7 };
const WITH_STRIPE = {
  methodes: ['card' as const, 'paypal' as const, 'virement' as const],
  delaiVirementHeures: 72,
  delaiStripeMinutes: 30,
  soldeJoursAvantArrivee: 7,
};
const INSTRUCTIONS = {
  montantCents: 26700,
  titulaire: 'Séjours Messins (exemple)',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'AGRIFRPPXXX',
  reference: 'SM-77',
  echeance: '2026-12-08T09:00:00.000Z',
  exemple: true,
};
const devis = jest.spyOn(appartementsApi, 'devis');
/** The fake server prices the stay at the nightly price of the apartment the page loaded. */
const loadedPrice = async () => ((await bySlug.mock.results.at(-1)?.value) as { prixParNuit: number } | undefined)?.prixParNuit ?? 89;

const BOOKING = { startDate: '2026-12-06', endDate: '2026-12-09', guestsCount: 2, totalPrice: 267 };

function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="path">{location.pathname}</p>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

function renderCheckout(state: unknown = { booking: BOOKING }) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/appartement/loft-cathedrale/checkout', state }]}>
      <Routes>
        <Route path="/appartement/:slug" element={<Probe name="Appartement" />} />
        <Route path="/appartement/:slug/checkout" element={<CheckoutPage />} />
        <Route path="/profile" element={<Probe name="Profil" />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
}

async function renderLoaded(state?: unknown) {
  const view = renderCheckout(state);
  await screen.findByRole('heading', { level: 1, name: 'Réserver votre séjour' });
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

function setup() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/** The amount next to a label of the side summary. */
function summaryAmount(label: string): string {
  const summary = screen.getByRole('complementary');
  return within(summary).getByText(label).nextElementSibling?.textContent ?? '';
}

const CGV = "J'ai lu et j'accepte les conditions générales de vente";

async function acceptCgv(user: ReturnType<typeof setup>) {
  await user.click(screen.getByRole('checkbox', { name: CGV }));
}

const submitButton = () => screen.getByRole('button', { name: /^(Réserver maintenant|Traitement en cours\.\.\.)$/ });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 11, 5, 10, 0) });
  devis.mockReset();
  devis.mockImplementation(fakeQuote(loadedPrice));
  bySlug.mockReset();
  unavailableDays.mockReset();
  create.mockReset();
  paymentOptions.mockReset();
  paymentOptions.mockResolvedValue(TRANSFER_ONLY);
  getReservation.mockReset();
  bySlug.mockResolvedValue(loft());
  unavailableDays.mockResolvedValue(['2026-12-10', '2026-12-11']);
});

afterEach(() => {
  jest.useRealTimers();
});

describe('arriving on the page', () => {
  it('returns to the apartment without booking details', async () => {
    renderCheckout(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Appartement' })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/appartement/loft-cathedrale');
    expect(bySlug).not.toHaveBeenCalled();
  });

  it('shows a spinner while the apartment loads, then the page, titled', async () => {
    renderCheckout();
    expect(screen.getByRole('status').textContent).toBe('Chargement…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeTruthy();
    expect(bySlug).toHaveBeenCalledWith('loft-cathedrale');
    await waitFor(() => expect(unavailableDays).toHaveBeenCalledWith(42));
    expect(document.title).toBe('Réserver votre séjour | Séjours Messins');
    expect(screen.getByRole('link', { name: "Retour à l'appartement" }).getAttribute('href')).toBe('/appartement/loft-cathedrale');
  });

  it('says when the apartment cannot be loaded', async () => {
    bySlug.mockRejectedValue(httpError(500));
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe("Impossible de charger les informations de l'appartement");
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the payment methods cannot be loaded, and offers no payment', async () => {
    paymentOptions.mockRejectedValue(httpError(503));
    renderCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de charger les moyens de paiement. Veuillez réessayer.');
    expect(screen.queryByRole('button', { name: /Payer|Réserver/ })).toBeNull();
  });
});

describe('trip card', () => {
  it('shows the dates as day and month and the guest count', async () => {
    await renderLoaded();
    expect(screen.getByText('6 décembre – 9 décembre')).toBeTruthy();
    expect(screen.getByText('2 voyageur(s)')).toBeTruthy();
  });

  it('opens one editor at a time', async () => {
    const user = setup();
    await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Modifier les dates' }));
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Modifier les dates' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Modifier les voyageurs' }));
    expect(screen.queryByRole('group', { name: 'Choisissez vos dates' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ajouter un voyageur' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Modifier les dates' }));
    expect(screen.queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
  });

  it("keeps the guest count between 1 and the apartment's capacity, like the panel's select", async () => {
    const user = setup();
    bySlug.mockResolvedValue(loft({ capacite: { voyageurs: 3, chambres: 1, lits: 2, sallesDeBain: 1 } }));
    await renderLoaded({ booking: { ...BOOKING, guestsCount: 1 } });
    await user.click(screen.getByRole('button', { name: 'Modifier les voyageurs' }));
    const minus = screen.getByRole<HTMLButtonElement>('button', { name: 'Retirer un voyageur' });
    const plus = screen.getByRole<HTMLButtonElement>('button', { name: 'Ajouter un voyageur' });
    expect(minus.disabled).toBe(true);
    await user.click(plus);
    await user.click(plus);
    expect(screen.getByText('3 voyageur(s)')).toBeTruthy();
    expect(plus.disabled).toBe(true);
    await user.click(plus);
    expect(screen.getByText('3 voyageur(s)')).toBeTruthy();
    expect(minus.disabled).toBe(false);
    await user.click(minus);
    expect(screen.getByText('2 voyageur(s)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirmer les voyageurs' }));
    expect(screen.queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
  });

  it('brings a guest count above the capacity down to it', async () => {
    bySlug.mockResolvedValue(loft({ capacite: { voyageurs: 2, chambres: 1, lits: 1, sallesDeBain: 1 } }));
    await renderLoaded({ booking: { ...BOOKING, guestsCount: 6 } });
    expect(screen.getByText('2 voyageur(s)')).toBeTruthy();
  });

  it('disables past and booked days, and a new range recomputes the total', async () => {
    const user = setup();
    await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Modifier les dates' }));
    expect(isDisabledDay('2026-12-10')).toBe(true);
    expect(isDisabledDay('2026-12-04')).toBe(true);
    expect(isDisabledDay('2026-12-12')).toBe(false);

    await pickDay(user, '2026-12-12');
    // An arrival alone keeps the previous stay.
    expect(summaryAmount('Total')).toBe('267 €');
    await pickDay(user, '2026-12-14');
    expect(screen.getByText('12 décembre – 14 décembre')).toBeTruthy();
    expect(await within(screen.getByRole('complementary')).findByText('2 nuits × 89 €')).toBeTruthy();
    expect(summaryAmount('Total')).toBe('178 €');

    await pickDay(user, '2026-12-08');
    await pickDay(user, '2026-12-12');
    expect(screen.getByText('Ces dates ne sont pas disponibles.')).toBeTruthy();
    expect(summaryAmount('Total')).toBe('178 €');

    await user.click(screen.getByRole('button', { name: 'Confirmer les dates' }));
    expect(screen.queryByRole('group', { name: 'Choisissez vos dates' })).toBeNull();
  });
});

/** Eleven days before the stay of BOOKING: a transfer can pay it, and the balance is not due yet. */
const elevenDaysBefore = () => jest.setSystemTime(new Date(2026, 10, 25, 10, 0));

describe('side summary', () => {
  beforeEach(elevenDaysBefore);

  it('shows the apartment and, below 500 €, the whole stay at booking', async () => {
    await renderLoaded();
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByRole('img', { name: 'Loft lumineux Cathédrale' }).getAttribute('src')).toBe(
      'https://images.test/loft-1.jpg',
    );
    expect(within(summary).getByRole('heading', { name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(within(summary).getByText('4,6')).toBeTruthy();
    expect(within(summary).getByText('12 avis')).toBeTruthy();
    expect(summaryAmount('3 nuits × 89 €')).toBe('267 €');
    expect(summaryAmount('À régler à la réservation')).toBe('267 €');
    expect(summaryAmount('Total')).toBe('267 €');
    expect(within(summary).getByText('La totalité du séjour (267 €) se règle à la réservation.')).toBeTruthy();
  });

  it('above 500 €, a 500 € deposit at booking and the balance from 7 days before arrival, said as the server applies it', async () => {
    bySlug.mockResolvedValue(loft({ prixParNuit: 120, images: [] }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByRole('img', { name: 'Image non disponible' })).toBeTruthy();
    expect(summaryAmount('7 nuits × 120 €')).toBe('840 €');
    expect(summaryAmount('À régler à la réservation')).toBe('500 €');
    expect(summaryAmount('Total')).toBe('840 €');
    expect(
      within(summary).getByText(
        "Acompte de 500 € à la réservation. Le solde de 340 € est à régler à partir du 29 novembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence, aussi affichées sur votre réservation ; le virement doit nous parvenir 24 heures avant le jour d'arrivée.",
      ),
    ).toBeTruthy();
    // Nothing is taken automatically (issue 31).
    expect(summary.textContent).not.toMatch(/prélevé|automatiquement/);
  });

  it('inside the balance window, the whole stay at booking, and with Stripe the balance link is said', async () => {
    jest.setSystemTime(new Date(2026, 11, 1, 10, 0));
    bySlug.mockResolvedValue(loft({ prixParNuit: 120 }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    expect(summaryAmount('À régler à la réservation')).toBe('840 €');
    expect(
      screen.getByText(
        "La totalité du séjour (840 €) se règle à la réservation : le solde est dû 7 jours avant l'arrivée, et votre arrivée est plus proche.",
      ),
    ).toBeTruthy();
  });

  it('with Stripe and a card, the balance comes as a payment link', async () => {
    paymentOptions.mockResolvedValue(WITH_STRIPE);
    bySlug.mockResolvedValue(loft({ prixParNuit: 120 }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    expect(
      screen.getByText(
        /^Acompte de 500 € à la réservation\. Le solde de 340 € est à régler à partir du 29 novembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail un lien de paiement sécurisé \(Stripe\)/,
      ),
    ).toBeTruthy();
  });

  it('states the cancellation policy', async () => {
    bySlug.mockResolvedValue(loft({ prixParNuit: 120 }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    expect(
      screen.getByText(
        "Politique Modérée : Annulation gratuite jusqu'à 5 jours avant votre arrivée : l'acompte est remboursé. Passé ce délai, l'acompte n'est pas remboursable.",
      ),
    ).toBeTruthy();
    expect(screen.getByText('Acompte : 500 €, déduit du total.')).toBeTruthy();
    expect(screen.getByText("La politique de protection COVID-19 ne s'applique pas à cette réservation.")).toBeTruthy();
  });
});

describe('a stay too close for a transfer (DECISIONS 34)', () => {
  it('without Stripe, says why and cannot be sent', async () => {
    // 5 December, for the 6th: the transfer would have to arrive before the 5th began.
    await renderLoaded();
    expect(
      screen.getByText(
        "Votre arrivée est trop proche pour un paiement par virement : il doit nous parvenir au plus tard 24 heures avant le jour d'arrivée, et un virement peut mettre 24 heures à arriver. Choisissez une arrivée à partir du 8 décembre 2026.",
      ),
    ).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('with Stripe, the transfer is not offered and the guest pays online', async () => {
    paymentOptions.mockResolvedValue(WITH_STRIPE);
    await renderLoaded();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Carte bancaire', 'PayPal']);
    expect(
      screen.getByText(
        /^Votre arrivée est trop proche pour un paiement par virement .* Payez en ligne \(carte bancaire\), ou choisissez une arrivée à partir du 8 décembre 2026\.$/,
      ),
    ).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', false);
  });
});

describe('payment', () => {
  beforeEach(elevenDaysBefore);

  it('offers only the methods the server offers, and never a card field; the transfer deadline is the server’s', async () => {
    await renderLoaded();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Virement bancaire']);
    expect(screen.getByRole('radio', { name: 'Virement bancaire' })).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Numéro de carte')).toBeNull();
    expect(
      screen.getByText(
        /Votre réservation est confirmée dès réception de la totalité du séjour \(267 €\) ; sans virement reçu avant le 28 novembre 2026 à \d\d:\d\d, elle est annulée et les dates sont libérées\./,
      ),
    ).toBeTruthy();
  });

  it('with Stripe, offers card and PayPal first, and says the guest leaves for Stripe', async () => {
    paymentOptions.mockResolvedValue(WITH_STRIPE);
    const user = setup();
    await renderLoaded();
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toHaveProperty('checked', true);
    expect(
      screen.getByText(
        /^Vous allez être redirigé vers la page de paiement sécurisée de Stripe pour régler la totalité du séjour \(267 €\) par carte bancaire\./,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText(/régler la totalité du séjour \(267 €\) par PayPal\./)).toBeTruthy();
  });

  it('asks to accept the terms of sale and sends nothing until they are', async () => {
    const user = setup();
    await renderLoaded();
    expect(screen.getByRole('link', { name: 'conditions générales de vente' }).getAttribute('href')).toBe('/cgv');
    await user.click(submitButton());
    expect(screen.getByText('Veuillez accepter les conditions générales de vente pour réserver.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: CGV }));
    expect(create).not.toHaveBeenCalled();
  });

  it("reads 'Traitement en cours...' and is disabled while submitting", async () => {
    const user = setup();
    await renderLoaded();
    let resolve: (value: Awaited<ReturnType<typeof reservationsApi.create>>) => void = () => undefined;
    create.mockReturnValue(new Promise((r) => (resolve = r)));
    await acceptCgv(user);
    await user.click(submitButton());
    expect(submitButton().textContent).toBe('Traitement en cours...');
    expect(submitButton()).toHaveProperty('disabled', true);
    await act(async () => resolve({ reservation: reservation({ id: 77 }), instructionsVirement: INSTRUCTIONS }));
    expect(screen.getByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeTruthy();
  });

  it('sends the booking by transfer with the consent, then shows what to transfer and with which reference', async () => {
    const user = setup();
    await renderLoaded();
    create.mockResolvedValue({
      reservation: reservation({
        id: 77,
        totalPrice: 867,
        deposit: 500,
        remainder: 367,
        solde: { montantCents: 36_700, exigibleLe: '2026-11-29', resteCents: 86_700, etat: 'à venir' },
      }),
      instructionsVirement: { ...INSTRUCTIONS, objet: 'acompte', montantCents: 50000 },
    });
    await acceptCgv(user);
    await user.click(submitButton());

    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]![0]).toEqual({
      appartementId: 42,
      startDate: '2026-12-06',
      endDate: '2026-12-09',
      guestsCount: 2,
      adultes: 2,
      enfants: 0,
      totalPrice: 267,
      paymentMethod: 'virement',
      accepteCgv: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeTruthy();
    expect(screen.getByText('Montant').nextElementSibling?.textContent).toBe('500 €');
    expect(screen.getByText('IBAN').nextElementSibling?.textContent).toBe('FR76 3000 6000 0112 3456 7890 189 (exemple)');
    expect(screen.getByText('BIC').nextElementSibling?.textContent).toBe('AGRIFRPPXXX (exemple)');
    expect(screen.getByText('Référence à indiquer').nextElementSibling?.textContent).toBe('SM-77');
    expect(
      screen.getByText(
        /^Le solde de 367 € est à régler à partir du 29 novembre 2026, avant votre arrivée : nous vous envoyons ce jour-là par e-mail les coordonnées du virement/,
      ),
    ).toBeTruthy();
    // No automatic redirect: the guest copies the details, then goes on.
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('heading', { level: 1, name: 'Profil' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Voir mes réservations' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
  });

  it('sends one booking when the form is submitted twice before the page updates', async () => {
    const user = setup();
    await renderLoaded();
    let resolve: (value: Awaited<ReturnType<typeof reservationsApi.create>>) => void = () => undefined;
    create.mockReturnValue(new Promise((r) => (resolve = r)));
    await acceptCgv(user);
    const form = submitButton().closest('form')!;
    act(() => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await waitFor(() => expect(create).toHaveBeenCalled());
    await act(async () => resolve({ reservation: reservation({ id: 77 }), instructionsVirement: INSTRUCTIONS }));
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('with Stripe, goes to the hosted checkout page the server created', async () => {
    paymentOptions.mockResolvedValue(WITH_STRIPE);
    const user = setup();
    await renderLoaded();
    create.mockResolvedValue({ reservation: reservation({ id: 78 }), redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    await acceptCgv(user);
    await user.click(submitButton());
    await waitFor(() => expect(jest.mocked(leaveFor)).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ paymentMethod: 'card', accepteCgv: true }));
    // The button stays disabled while the browser leaves.
    expect(submitButton()).toHaveProperty('disabled', true);
  });

  it('back from Stripe, waits for the webhook, then shows the confirmation and goes to the profile after 3 s', async () => {
    getReservation.mockResolvedValueOnce(reservation({ id: 79, status: 'en attente' })).mockResolvedValue(
      reservation({
        id: 79,
        status: 'confirmée',
        totalPrice: 900,
        deposit: 500,
        remainder: 400,
        nights: 3,
        solde: { montantCents: 40_000, exigibleLe: '2026-11-29', resteCents: 40_000, etat: 'à venir' },
      }),
    );
    render(
      <MemoryRouter initialEntries={['/appartement/loft-cathedrale/checkout?reservation=79&paiement=ok']}>
        <Routes>
          <Route path="/appartement/:slug/checkout" element={<CheckoutPage />} />
          <Route path="/profile" element={<Probe name="Profil" />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: QueryWrapper },
    );
    expect(await screen.findByText('Paiement reçu par Stripe, confirmation de votre réservation en cours…')).toBeTruthy();
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation confirmée !' })).toBeTruthy();
    expect(getReservation).toHaveBeenCalledWith(79);
    expect(screen.getByText("Acompte réglé aujourd'hui").nextElementSibling?.textContent).toBe('500 €');
    expect(screen.getByText('Solde à régler à partir du 29 novembre 2026').nextElementSibling?.textContent).toBe('400 €');
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
  });

  it('shows the red banner on failure and keeps the consent as it was', async () => {
    const user = setup();
    await renderLoaded();
    create.mockRejectedValue(httpError(500));
    await acceptCgv(user);
    await user.click(submitButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Une erreur est survenue lors du traitement de votre réservation. Veuillez réessayer.');
    expect(screen.getByRole('checkbox', { name: CGV })).toHaveProperty('checked', true);
    expect(submitButton().textContent).toBe('Réserver maintenant');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it("adds the server's explanation of a refused request", async () => {
    const user = setup();
    await renderLoaded();
    create.mockRejectedValue(httpError(400, 'Le nombre de voyageurs doit être compris entre 1 et 4 pour cet appartement.'));
    await acceptCgv(user);
    await user.click(submitButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Une erreur est survenue lors du traitement de votre réservation. Veuillez réessayer.');
    expect(banner.textContent).toContain('Le nombre de voyageurs doit être compris entre 1 et 4 pour cet appartement.');
  });

  it('on 409, says the dates were just taken, reloads the unavailable days and reopens the calendar', async () => {
    const user = setup();
    await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Modifier les voyageurs' }));
    expect(unavailableDays).toHaveBeenCalledTimes(1);
    unavailableDays.mockResolvedValue(['2026-12-07', '2026-12-10', '2026-12-11']);
    create.mockRejectedValue(httpError(409, 'Ces dates ne sont plus disponibles pour cet appartement.'));
    await acceptCgv(user);
    await user.click(submitButton());

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Ces dates ne sont plus disponibles pour cet appartement.');
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
    await waitFor(() => expect(unavailableDays).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(isDisabledDay('2026-12-07')).toBe(true));
  });

  it("says 'Détails de réservation manquants' when the dates are missing, and opens the calendar", async () => {
    const user = setup();
    await renderLoaded({ booking: { startDate: '2026-11-20', endDate: '2026-11-22', guestsCount: 2, totalPrice: 178 } });
    expect(screen.getByText('Dates à choisir')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    expect(screen.getByText('Choisissez vos dates pour connaître le prix de votre séjour.')).toBeTruthy();
    await acceptCgv(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Détails de réservation manquants');
    expect(create).not.toHaveBeenCalled();
  });
});
