import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { appartementsApi, sessionWriter, setRuntimeConfig, type Appartement, type SessionUser } from 'shared-kernel';
import { dayButton, fakeQuote, httpError, isDisabledDay, loft, pickDay } from '../../test/fixtures';
import { QueryWrapper } from '../../../tooling/testing/query-client';
import BookingPanel from './BookingPanel';
import { resetWidgetScriptsForTests } from './widgetScript';

const unavailableDays = jest.spyOn(appartementsApi, 'unavailableDays');
const devis = jest.spyOn(appartementsApi, 'devis');
const calendrier = jest.spyOn(appartementsApi, 'calendrier');
let nightly = 89;
const client: SessionUser = { id: 3, name: 'Hugo', email: 'hugo@example.fr', role: 'client', photo: null, googleId: null };

/** Shows where the router went, with the navigation state. */
function Probe({ name }: { name: string }) {
  const location = useLocation();
  return (
    <div>
      <h1>{name}</h1>
      <p data-testid="path">{`${location.pathname}${location.search}`}</p>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

/** Renders the panel and lets the unavailable days arrive. */
async function renderPanel(appartement: Appartement = loft(), url = '/appartement/loft-cathedrale') {
  const view = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/appartement/:slug" element={<BookingPanel appartement={appartement} />} />
        <Route path="/appartement/:slug/checkout" element={<Probe name="Checkout" />} />
        <Route path="/login" element={<Probe name="Connexion" />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: QueryWrapper },
  );
  await act(async () => {
    await Promise.resolve();
  });
  return view;
}

function setup() {
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

const reserveButton = () => screen.getByRole('button', { name: 'Réserver maintenant' });

beforeEach(() => {
  // Today is Saturday 5 December 2026.
  jest.useFakeTimers({ now: new Date(2026, 11, 5, 10, 0) });
  unavailableDays.mockReset();
  unavailableDays.mockResolvedValue(['2026-12-10', '2026-12-11']);
  nightly = 89;
  devis.mockReset();
  devis.mockImplementation(fakeQuote(() => nightly));
  calendrier.mockReset();
  calendrier.mockResolvedValue([]);
  setRuntimeConfig({ bookingWidget: null, stayLimits: null });
  sessionWriter.signedIn(client);
  resetWidgetScriptsForTests();
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete window.BookingToolIframe;
});

afterEach(() => {
  jest.useRealTimers();
});

describe('calendar', () => {
  it('disables and labels past days and unavailable days', async () => {
    await renderPanel();
    expect(screen.getByRole('group', { name: 'Choisissez vos dates' })).toBeTruthy();
    await waitFor(() => expect(isDisabledDay('2026-12-10')).toBe(true));
    expect(unavailableDays).toHaveBeenCalledWith(42);
    expect(isDisabledDay('2026-12-11')).toBe(true);
    expect(isDisabledDay('2026-12-04')).toBe(true);
    expect(isDisabledDay('2026-12-05')).toBe(false);
    expect(isDisabledDay('2026-12-12')).toBe(false);
    expect(dayButton('2026-12-10').getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('button', { name: '10 décembre 2026, indisponible' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '4 décembre 2026, indisponible' })).toBeTruthy();
    expect(dayButton('2026-12-10').getAttribute('aria-disabled')).toBe('true');
    expect(dayButton('2026-12-12').hasAttribute('aria-disabled')).toBe(false);
    // One Tab stop into the month: today.
    expect(dayButton('2026-12-05').getAttribute('tabindex')).toBe('0');
    expect(dayButton('2026-12-12').getAttribute('tabindex')).toBe('-1');
  });

  it('shows six weeks in every month when the panel is stacked in the page, the month’s own weeks beside it (desktop)', async () => {
    // December 2026 starts on a Tuesday and has 31 days: five weeks from Monday.
    const days = () => document.querySelectorAll('.bk-calendar .rdrDay').length;
    const view = await renderPanel();
    expect(days()).toBe(42);
    view.unmount();
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({ matches: query === '(min-width: 960px)', media: query }),
    });
    try {
      await renderPanel();
      expect(days()).toBe(35);
    } finally {
      delete (window as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('is a date grid for the keyboard: arrows by day and week, Page Down by month, Enter picks arrival then departure', async () => {
    const user = setup();
    await renderPanel();
    await waitFor(() => expect(isDisabledDay('2026-12-10')).toBe(true));
    act(() => dayButton('2026-12-05').focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(dayButton('2026-12-06'));
    expect(dayButton('2026-12-06').getAttribute('tabindex')).toBe('0');
    expect(dayButton('2026-12-05').getAttribute('tabindex')).toBe('-1');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(dayButton('2026-12-13'));
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(document.activeElement).toBe(dayButton('2026-12-05'));
    // An unavailable day is reached and announced as such, but cannot be picked.
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '10 décembre 2026, indisponible' }));
    await user.keyboard('{Enter}');
    expect(screen.getByText("Choisissez vos dates d'arrivée et de départ.")).toBeTruthy();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Choisissez maintenant votre date de départ.')).toBeTruthy();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(screen.getByText('du 17 décembre au 19 décembre, 2 nuits')).toBeTruthy();
    // The button waits for the server's quote of the stay.
    await act(async () => {
      jest.advanceTimersByTime(10);
    });
    expect(screen.getByText('2 nuits × 89 €')).toBeTruthy();
    expect(reserveButton().hasAttribute('aria-disabled')).toBe(false);

    // Page Down turns to January on the same day; arrows cross back into December.
    await user.keyboard('{PageDown}');
    await act(async () => {
      jest.advanceTimersByTime(10);
    });
    expect(document.activeElement).toBe(dayButton('2027-01-19'));
    await user.keyboard('{PageUp}');
    await act(async () => {
      jest.advanceTimersByTime(10);
    });
    expect(document.activeElement).toBe(dayButton('2026-12-19'));
  });

  it('shows a loading state and accepts no day while the availability loads', async () => {
    let answer: (days: string[]) => void = () => undefined;
    unavailableDays.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = setup();
    await renderPanel();
    const calendar = screen.getByRole('group', { name: 'Choisissez vos dates' });
    expect(calendar.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Chargement des disponibilités…');
    await user.click(dayButton('2026-12-10'));
    await user.click(dayButton('2026-12-12'));
    expect(screen.getByText("Choisissez vos dates d'arrivée et de départ.")).toBeTruthy();

    await act(async () => {
      answer(['2026-12-10', '2026-12-11']);
      await Promise.resolve();
    });
    expect(calendar.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByText('Chargement des disponibilités…')).toBeNull();
    expect(isDisabledDay('2026-12-10')).toBe(true);
    await pickDay(user, '2026-12-12');
    expect(screen.getByText('Choisissez maintenant votre date de départ.')).toBeTruthy();
  });

  it('refuses a stay containing an unavailable night and keeps the previous selection', async () => {
    const user = setup();
    await renderPanel();
    await waitFor(() => expect(isDisabledDay('2026-12-10')).toBe(true));
    await pickDay(user, '2026-12-08');
    await pickDay(user, '2026-12-13');
    expect(screen.getByText('Ces dates ne sont pas disponibles.')).toBeTruthy();
    expect(screen.getByText('Choisissez maintenant votre date de départ.')).toBeTruthy();
    expect(reserveButton().getAttribute('aria-disabled')).toBe('true');

    // Leaving on the first unavailable day is allowed: only the nights must be free.
    expect(isDisabledDay('2026-12-10')).toBe(false);
    await pickDay(user, '2026-12-10');
    expect(screen.getByText('du 8 décembre au 10 décembre, 2 nuits')).toBeTruthy();
    expect(screen.queryByText('Ces dates ne sont pas disponibles.')).toBeNull();
    expect(isDisabledDay('2026-12-10')).toBe(true);
  });

  it('offers only the stays the server accepts: arrivals up to its horizon, departures up to its longest stay', async () => {
    setRuntimeConfig({ stayLimits: { maxNights: 3, maxMonthsAhead: 1 } });
    const user = setup();
    await renderPanel();
    await waitFor(() => expect(isDisabledDay('2026-12-10')).toBe(true));
    await pickDay(user, '2026-12-05');
    expect(isDisabledDay('2026-12-08')).toBe(false);
    expect(isDisabledDay('2026-12-09')).toBe(true);
    expect(screen.getByRole('button', { name: '9 décembre 2026, indisponible' })).toBeTruthy();
    await pickDay(user, '2026-12-08');
    expect(screen.getByText('du 5 décembre au 8 décembre, 3 nuits')).toBeTruthy();
    // An arrival one month ahead at the latest: 5 January 2027.
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect(isDisabledDay('2027-01-05')).toBe(false);
    expect(screen.getByRole('button', { name: '6 janvier 2027, indisponible' })).toBeTruthy();
  });

  it('can be used with the keyboard (Enter on a day)', async () => {
    await renderPanel();
    await waitFor(() => expect(isDisabledDay('2026-12-10')).toBe(true));
    for (const iso of ['2026-12-14', '2026-12-16']) {
      const button = dayButton(iso);
      act(() => button.focus());
      // react-date-range reads keyCode, which browsers set on keyboard events.
      fireEvent.keyDown(button, { key: 'Enter', keyCode: 13 });
      fireEvent.keyUp(button, { key: 'Enter', keyCode: 13 });
    }
    expect(screen.getByText('du 14 décembre au 16 décembre, 2 nuits')).toBeTruthy();
  });
});

describe('reserve button and summary', () => {
  it('stays aria-disabled until both dates are chosen, and asks for dates when clicked without them', async () => {
    const user = setup();
    await renderPanel();
    expect(reserveButton().getAttribute('aria-disabled')).toBe('true');
    expect(reserveButton().hasAttribute('disabled')).toBe(false);
    await user.click(reserveButton());
    expect(screen.getByText('Veuillez sélectionner des dates pour votre séjour')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Réservez votre séjour' })).toBeTruthy();

    await pickDay(user, '2026-12-06');
    expect(reserveButton().getAttribute('aria-disabled')).toBe('true');
    await pickDay(user, '2026-12-09');
    // Enabled once the server has priced the stay.
    await waitFor(() => expect(reserveButton().hasAttribute('aria-disabled')).toBe(false));
    expect(screen.queryByText('Veuillez sélectionner des dates pour votre séjour')).toBeNull();
  });

  it("summarises the stay: dates, nights, the server quote's lines and total", async () => {
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-09');
    expect(screen.getByText('du 6 décembre au 9 décembre, 3 nuits')).toBeTruthy();
    expect(await screen.findByText('3 nuits × 89 €')).toBeTruthy();
    const total = screen.getByText('Total').parentElement!;
    expect(total.textContent).toBe('Total267 €');
    expect(devis).toHaveBeenLastCalledWith(42, { arrivee: '2026-12-06', depart: '2026-12-09', adultes: 1, enfants: 0 });
  });

  it('shows every line the server quotes, taxe de séjour included', async () => {
    devis.mockResolvedValue({
      lignes: [
        { libelle: '2 nuits × 150 € (Marché de Noël)', montant: 300 },
        { libelle: 'Frais de ménage', montant: 40 },
        { libelle: 'Taxe de séjour', montant: 4.4 },
      ],
      total: 344.4,
      acompte: 344.4,
      reste: 0,
      nuits: 2,
    });
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-08');
    expect((await screen.findByText('2 nuits × 150 € (Marché de Noël)')).nextElementSibling?.textContent).toBe('300 €');
    expect(screen.getByText('Frais de ménage').nextElementSibling?.textContent).toBe('40 €');
    expect(screen.getByText('Taxe de séjour').nextElementSibling?.textContent).toBe('4,40 €');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('344,40 €');
  });

  it("shows the server's reason for a refused stay and does not go to the checkout", async () => {
    devis.mockRejectedValue(httpError(400, 'Séjour minimum : 3 nuits pour ces dates.'));
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-07');
    expect(await screen.findByText('Séjour minimum : 3 nuits pour ces dates.')).toBeTruthy();
    expect(reserveButton().getAttribute('aria-disabled')).toBe('true');
    await user.click(reserveButton());
    expect(screen.queryByRole('heading', { level: 1, name: 'Checkout' })).toBeNull();
  });

  it('says when the server could not price the stay, and does not go to the checkout', async () => {
    devis.mockRejectedValue(httpError(500));
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-08');
    expect(await screen.findByText('Le prix de ce séjour n’a pas pu être calculé. Réessayez dans un instant.')).toBeTruthy();
    expect(reserveButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('shows the nightly price under each day and the minimum stay once an arrival is picked', async () => {
    calendrier.mockResolvedValue([
      { date: '2026-12-06', prix: 89, sejourMinimum: 1, disponible: true },
      { date: '2026-12-12', prix: 150, sejourMinimum: 2, disponible: true },
    ]);
    const user = setup();
    await renderPanel();
    expect(calendrier).toHaveBeenCalledWith(42, '2026-12-05', '2027-12-05');
    await waitFor(() => expect(dayButton('2026-12-12').textContent).toContain('150 €'));
    expect(dayButton('2026-12-06').textContent).toContain('89 €');
    await pickDay(user, '2026-12-12');
    expect(screen.getByText(/Séjour minimum : 2 nuits pour une arrivée à cette date\./)).toBeTruthy();
    await pickDay(user, '2026-12-14');
    // A whole stay: the hint gives way to the quote.
    expect(screen.queryByText(/Séjour minimum : 2 nuits pour une arrivée/)).toBeNull();
  });

  it("says 'nuit' for one night", async () => {
    nightly = 120;
    const user = setup();
    await renderPanel(loft({ prixParNuit: 120 }));
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-07');
    expect(screen.getByText('du 6 décembre au 7 décembre, 1 nuit')).toBeTruthy();
    expect(await screen.findByText('1 nuit × 120 €')).toBeTruthy();
  });
});

describe('travellers', () => {
  const options = (name: string) =>
    Array.from(screen.getByRole<HTMLSelectElement>('combobox', { name }).options).map((o) => Number(o.value));

  it('offers 1 to the capacity in adults, 1 by default, and children up to the places left', async () => {
    const user = setup();
    await renderPanel(loft({ capacite: { voyageurs: 6, chambres: 3, lits: 4, sallesDeBain: 2 } }));
    expect(options('Adultes')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Adultes' }).value).toBe('1');
    expect(options('Enfants (moins de 18 ans)')).toEqual([0, 1, 2, 3, 4, 5]);
    expect(screen.getByRole('option', { name: '2 adultes' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '1 enfant' })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Enfants (moins de 18 ans)' }), '5');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Adultes' }), '4');
    // 4 adults leave room for 2 children: the 5 chosen become 2.
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Enfants (moins de 18 ans)' }).value).toBe('2');
    expect(options('Enfants (moins de 18 ans)')).toEqual([0, 1, 2]);
  });

  it('offers 1 to 4 when the capacity is 0', async () => {
    await renderPanel(loft({ capacite: { voyageurs: 0, chambres: 1, lits: 1, sallesDeBain: 1 } }));
    expect(options('Adultes')).toEqual([1, 2, 3, 4]);
  });
});

describe('where "Réserver maintenant" leads', () => {
  it('sends a visitor to /login with the message, coming back to the apartment', async () => {
    sessionWriter.signedOut();
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-09');
    await user.click(reserveButton());
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeTruthy();
    // The stay rides in the return address (it survives the sign-in detour).
    expect(screen.getByTestId('path').textContent).toBe(
      `/login?redirect=${encodeURIComponent('/appartement/loft-cathedrale?arrivee=2026-12-06&depart=2026-12-09&adultes=1&enfants=0')}`,
    );
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ message: 'Connectez-vous pour effectuer votre réservation' });
  });

  it('starts from the stay and travellers of the address (back from the sign-in page)', async () => {
    const user = setup();
    await renderPanel(loft(), '/appartement/loft-cathedrale?arrivee=2026-12-06&depart=2026-12-09&adultes=2&enfants=1');
    expect(screen.getByText('du 6 décembre au 9 décembre, 3 nuits')).toBeTruthy();
    expect((screen.getByLabelText('Adultes') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Enfants (moins de 18 ans)') as HTMLSelectElement).value).toBe('1');
    await screen.findByText('3 nuits × 89 €');
    await user.click(reserveButton());
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toMatchObject({
      booking: { startDate: '2026-12-06', endDate: '2026-12-09', guestsCount: 3, adultes: 2, enfants: 1 },
    });
  });

  it('ignores past or reversed dates in the address', async () => {
    await renderPanel(loft(), '/appartement/loft-cathedrale?arrivee=2026-12-01&depart=2026-12-03&voyageurs=2');
    expect(screen.getByText("Choisissez vos dates d'arrivée et de départ.")).toBeTruthy();
  });

  it('sends a signed-in guest to the checkout with the booking details', async () => {
    const user = setup();
    await renderPanel();
    await pickDay(user, '2026-12-06');
    await pickDay(user, '2026-12-09');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Adultes' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Enfants (moins de 18 ans)' }), '1');
    await screen.findByText('3 nuits × 89 €');
    await user.click(reserveButton());
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getByTestId('path').textContent).toBe('/appartement/loft-cathedrale/checkout');
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({
      booking: { startDate: '2026-12-06', endDate: '2026-12-09', guestsCount: 3, adultes: 2, enfants: 1, totalPrice: 267 },
    });
  });
});

describe('external booking widget', () => {
  const config = { scriptUrl: 'https://widget.test/BookingToolIframe.js', defaultOwnerId: '100', ownerOverrides: { '1234567': '200' } };
  const widgetScripts = () => document.head.querySelectorAll('script[src="https://widget.test/BookingToolIframe.js"]');

  it('is not shown without configuration', async () => {
    await renderPanel(loft({ smoobuId: 1234567 }));
    expect(screen.queryByRole('button', { name: 'Réserver' })).toBeNull();
    expect(widgetScripts()).toHaveLength(0);
  });

  it('is not shown for an apartment without smoobuId', async () => {
    setRuntimeConfig({ bookingWidget: config });
    await renderPanel(loft({ smoobuId: null }));
    expect(screen.queryByRole('button', { name: 'Réserver' })).toBeNull();
  });

  it('toggles Réserver / Masquer, loads the script once on first opening and initialises the widget', async () => {
    setRuntimeConfig({ bookingWidget: config });
    const user = setup();
    await renderPanel(loft({ smoobuId: 1234567 }));
    const toggle = screen.getByRole('button', { name: 'Réserver' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(widgetScripts()).toHaveLength(0);
    expect(document.getElementById('apartmentIframeAll')).toBeNull();

    await user.click(toggle);
    expect(toggle.textContent).toBe('Masquer');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(widgetScripts()).toHaveLength(1);
    expect(document.getElementById('apartmentIframeAll')).toBeTruthy();

    const initialize = jest.fn();
    window.BookingToolIframe = { initialize };
    act(() => {
      widgetScripts()[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(initialize).toHaveBeenCalledTimes(1));
    expect(initialize).toHaveBeenCalledWith({
      url: 'https://login.smoobu.com/fr/booking-tool/iframe/200/1234567',
      baseUrl: 'https://login.smoobu.com',
      target: '#apartmentIframeAll',
    });

    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(screen.getByRole('button', { name: 'Réserver' }).getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('apartmentIframeAll')!.closest('[hidden]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    expect(widgetScripts()).toHaveLength(1);
    expect(initialize).toHaveBeenCalledTimes(1);
  });

  it('uses the default owner id for other apartments', async () => {
    setRuntimeConfig({ bookingWidget: config });
    const user = setup();
    await renderPanel(loft({ smoobuId: 7654321 }));
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    const initialize = jest.fn();
    window.BookingToolIframe = { initialize };
    act(() => {
      widgetScripts()[0]!.dispatchEvent(new Event('load'));
    });
    await waitFor(() =>
      expect(initialize).toHaveBeenCalledWith(
        expect.objectContaining({ url: 'https://login.smoobu.com/fr/booking-tool/iframe/100/7654321' }),
      ),
    );
  });

  it('says when the widget cannot be loaded, and tries again', async () => {
    setRuntimeConfig({ bookingWidget: config });
    const user = setup();
    await renderPanel(loft({ smoobuId: 1234567 }));
    await user.click(screen.getByRole('button', { name: 'Réserver' }));
    act(() => {
      widgetScripts()[0]!.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('Le module de réservation est momentanément indisponible.')).toBeTruthy();
    expect(widgetScripts()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(widgetScripts()).toHaveLength(1);
  });
});

it('keeps the month the visitor is looking at when something else changes', async () => {
  const user = setup();
  await renderPanel();
  await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
  expect(screen.getByText('janvier 2027')).toBeTruthy();
  await user.selectOptions(screen.getByRole('combobox', { name: 'Adultes' }), '2');
  expect(screen.getByText('janvier 2027')).toBeTruthy();
  await pickDay(user, '2027-01-08');
  await pickDay(user, '2027-01-10');
  expect(screen.getByText('du 8 janvier au 10 janvier, 2 nuits')).toBeTruthy();
});
