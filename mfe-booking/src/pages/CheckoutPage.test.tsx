import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { appartementsApi, reservationsApi, type Reservation } from 'shared-kernel';
import { fakeQuote, httpError, isDisabledDay, loft, pickDay, reservation } from '../../test/fixtures';
import CheckoutPage from './CheckoutPage';

jest.mock('shared-kernel', () => {
  const actual = jest.requireActual('shared-kernel');
  return {
    ...actual,
    appartementsApi: { ...actual.appartementsApi, bySlug: jest.fn(), unavailableDays: jest.fn(), devis: jest.fn() },
    reservationsApi: { ...actual.reservationsApi, create: jest.fn() },
  };
});

const bySlug = jest.mocked(appartementsApi.bySlug);
const unavailableDays = jest.mocked(appartementsApi.unavailableDays);
const create = jest.mocked(reservationsApi.create);
const devis = jest.mocked(appartementsApi.devis);
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

async function fillCard(user: ReturnType<typeof setup>) {
  await user.type(screen.getByLabelText('Numéro de carte'), '4242424242424242');
  await user.type(screen.getByLabelText('Nom sur la carte'), 'Hugo Martin');
  await user.type(screen.getByLabelText("Date d'expiration (MM/AA)"), '1228');
  await user.type(screen.getByLabelText('Code de sécurité'), '123');
}

const submitButton = () => screen.getByRole('button', { name: /^(Réserver maintenant|Traitement en cours\.\.\.)$/ });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date(2026, 11, 5, 10, 0) });
  devis.mockReset();
  devis.mockImplementation(fakeQuote(loadedPrice));
  bySlug.mockReset();
  unavailableDays.mockReset();
  create.mockReset();
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

describe('side summary', () => {
  it('shows the apartment and, below 500 €, a deposit equal to the total', async () => {
    await renderLoaded();
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByRole('img', { name: 'Loft lumineux Cathédrale' }).getAttribute('src')).toBe('https://images.test/loft-1.jpg');
    expect(within(summary).getByRole('heading', { name: 'Loft lumineux Cathédrale' })).toBeTruthy();
    expect(within(summary).getByText('4,6')).toBeTruthy();
    expect(within(summary).getByText('12 avis')).toBeTruthy();
    expect(summaryAmount('3 nuits × 89 €')).toBe('267 €');
    expect(summaryAmount("Acompte à payer aujourd'hui")).toBe('267 €');
    expect(summaryAmount('Total')).toBe('267 €');
    expect(within(summary).getByText("La totalité de votre séjour (267 €) est débitée aujourd'hui.")).toBeTruthy();
  });

  it('above 500 €, a 500 € deposit today and the remainder on arrival day', async () => {
    bySlug.mockResolvedValue(loft({ prixParNuit: 120, images: [] }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    const summary = screen.getByRole('complementary');
    expect(within(summary).getByRole('img', { name: 'Image non disponible' })).toBeTruthy();
    expect(summaryAmount('7 nuits × 120 €')).toBe('840 €');
    expect(summaryAmount("Acompte à payer aujourd'hui")).toBe('500 €');
    expect(summaryAmount('Total')).toBe('840 €');
    expect(
      within(summary).getByText("Seuls 500 € sont débités aujourd'hui. Le solde de 340 € sera prélevé automatiquement le jour de votre arrivée."),
    ).toBeTruthy();
  });

  it('states the cancellation policy', async () => {
    bySlug.mockResolvedValue(loft({ prixParNuit: 120 }));
    await renderLoaded({ booking: { ...BOOKING, endDate: '2026-12-13' } });
    expect(screen.getByText("Annulation gratuite jusqu'à 48 heures avant votre arrivée. Passé ce délai, l'acompte de 500 € n'est pas remboursable.")).toBeTruthy();
    expect(screen.getByText("La politique de protection COVID-19 ne s'applique pas à cette réservation.")).toBeTruthy();
  });
});

describe('payment', () => {
  it('formats the card number and the expiry as they are typed, within their maximum lengths', async () => {
    const user = setup();
    await renderLoaded();
    const number = screen.getByLabelText<HTMLInputElement>('Numéro de carte');
    const expiry = screen.getByLabelText<HTMLInputElement>("Date d'expiration (MM/AA)");
    const cvc = screen.getByLabelText<HTMLInputElement>('Code de sécurité');
    expect([number.maxLength, expiry.maxLength, cvc.maxLength]).toEqual([19, 5, 3]);
    expect([number.required, expiry.required, cvc.required, screen.getByLabelText<HTMLInputElement>('Nom sur la carte').required]).toEqual([true, true, true, true]);

    await user.type(number, '4242x42424242424242');
    expect(number.value).toBe('4242 4242 4242 4242');
    await user.type(expiry, '12a28');
    expect(expiry.value).toBe('12/28');
    await user.type(cvc, '12a4');
    expect(cvc.value).toBe('12a');
  });

  it('asks for every card field and sends nothing while one is missing', async () => {
    const user = setup();
    await renderLoaded();
    await user.click(submitButton());
    expect(screen.getByText('Veuillez saisir le numéro de carte.')).toBeTruthy();
    expect(screen.getByText('Veuillez saisir le code de sécurité.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Numéro de carte'));
    expect(create).not.toHaveBeenCalled();
  });

  it('offers PayPal and Apple Pay with their own button', async () => {
    const user = setup();
    await renderLoaded();
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText('Vous allez être redirigé vers PayPal pour finaliser votre paiement')).toBeTruthy();
    expect(screen.queryByLabelText('Numéro de carte')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Apple Pay' }));
    expect(screen.getByText('Continuez avec Apple Pay pour finaliser votre paiement')).toBeTruthy();
    create.mockResolvedValue(reservation({ paymentMethod: 'applepay' }));
    await user.click(screen.getByRole('button', { name: 'Payer avec Apple Pay' }));
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ paymentMethod: 'applepay', paymentCompleted: true }));
  });

  it("reads 'Traitement en cours...' and is disabled while submitting", async () => {
    const user = setup();
    await renderLoaded();
    let resolve: (value: Reservation) => void = () => undefined;
    create.mockReturnValue(new Promise((r) => (resolve = r)));
    await fillCard(user);
    await user.click(submitButton());
    expect(submitButton().textContent).toBe('Traitement en cours...');
    expect(submitButton()).toHaveProperty('disabled', true);
    await act(async () => resolve(reservation()));
    expect(screen.getByRole('heading', { level: 1, name: 'Réservation confirmée !' })).toBeTruthy();
  });

  it('sends the booking without any card detail, shows the confirmation and goes to the profile after 3 s', async () => {
    const user = setup();
    await renderLoaded();
    create.mockResolvedValue(reservation({ id: 77, totalPrice: 267, deposit: 267, remainder: 0 }));
    await fillCard(user);
    await user.click(submitButton());

    expect(create).toHaveBeenCalledTimes(1);
    const body = create.mock.calls[0]![0];
    expect(body).toEqual({
      appartementId: 42,
      startDate: '2026-12-06',
      endDate: '2026-12-09',
      guestsCount: 2,
      adultes: 2,
      enfants: 0,
      totalPrice: 267,
      paymentMethod: 'card',
      paymentCompleted: true,
    });
    const sent = JSON.stringify(body);
    for (const secret of ['4242', 'Hugo Martin', '12/28', 'cardNumber', 'cardName', 'expiry', 'cvc']) expect(sent).not.toContain(secret);
    // Nor kept in the browser's storage.
    expect([window.localStorage.length, window.sessionStorage.length]).toEqual([0, 0]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation confirmée !' })).toBeTruthy();
    expect(screen.getByText('Votre réservation a été enregistrée avec succès. Vous allez être redirigé vers votre profil.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes réservations' }).getAttribute('href')).toBe('/profile');

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByRole('heading', { level: 1, name: 'Profil' })).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ message: 'Votre réservation a été effectuée avec succès !', reservationId: 77 });
  });

  it("shows the server's totals on the confirmation", async () => {
    const user = setup();
    await renderLoaded();
    create.mockResolvedValue(reservation({ totalPrice: 900, deposit: 500, remainder: 400, nights: 3 }));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Payer avec PayPal' }));
    await screen.findByRole('heading', { level: 1, name: 'Réservation confirmée !' });
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('900 €');
    expect(screen.getByText("Acompte réglé aujourd'hui").nextElementSibling?.textContent).toBe('500 €');
    expect(screen.getByText('Solde prélevé le jour de votre arrivée').nextElementSibling?.textContent).toBe('400 €');
  });

  it('shows the red banner on failure and keeps the form as it was', async () => {
    const user = setup();
    await renderLoaded();
    create.mockRejectedValue(httpError(500));
    await fillCard(user);
    await user.click(submitButton());
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Une erreur est survenue lors du traitement de votre réservation. Veuillez réessayer.');
    expect(screen.getByLabelText<HTMLInputElement>('Numéro de carte').value).toBe('4242 4242 4242 4242');
    expect(screen.getByLabelText<HTMLInputElement>('Nom sur la carte').value).toBe('Hugo Martin');
    expect(screen.getByLabelText<HTMLInputElement>("Date d'expiration (MM/AA)").value).toBe('12/28');
    expect(screen.getByLabelText<HTMLInputElement>('Code de sécurité').value).toBe('123');
    expect(submitButton().textContent).toBe('Réserver maintenant');
    expect(submitButton()).toHaveProperty('disabled', false);
  });

  it("adds the server's explanation of a refused request", async () => {
    const user = setup();
    await renderLoaded();
    create.mockRejectedValue(httpError(400, 'Le nombre de voyageurs doit être compris entre 1 et 4 pour cet appartement.'));
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Payer avec PayPal' }));
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
    await fillCard(user);
    await user.click(submitButton());

    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Ces dates ne sont plus disponibles pour cet appartement.');
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
    await waitFor(() => expect(unavailableDays).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(isDisabledDay('2026-12-07')).toBe(true));
    expect(screen.getByLabelText<HTMLInputElement>('Numéro de carte').value).toBe('4242 4242 4242 4242');
  });

  it("says 'Détails de réservation manquants' when the dates are missing, and opens the calendar", async () => {
    const user = setup();
    await renderLoaded({ booking: { startDate: '2026-11-20', endDate: '2026-11-22', guestsCount: 2, totalPrice: 178 } });
    expect(screen.getByText('Dates à choisir')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    expect(screen.getByText('Choisissez vos dates pour connaître le prix de votre séjour.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Payer avec PayPal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Détails de réservation manquants');
    expect(create).not.toHaveBeenCalled();
  });
});
