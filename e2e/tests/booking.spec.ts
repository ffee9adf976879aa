/**
 * Booking (spec sections 2, 5 and 9, DECISIONS 5, 7 and 9): the apartment page's booking panel, the
 * sign-in detour of a visitor, the checkout and its prices, the success screen and the profile; the
 * booked nights then disabled for everybody; 'Réserver maintenant' without dates.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { onPrivateServer, type PrivateServer } from '../support/private-server';
import {
  calendarDay,
  dayMonth,
  demoApartment,
  euros,
  futureStay,
  header,
  longDate,
  pickStay,
  priceOf,
  registerUser,
  shortDate,
  showDay,
  signIn,
  stayCalendar,
  submitSignIn,
  addDays,
  todayInParis,
  type Stay,
} from '../support/journeys';

const LOGIN_TO_BOOK = 'Connectez-vous pour effectuer votre réservation';
const SELECT_DATES = 'Veuillez sélectionner des dates pour votre séjour';

/** The balance as the server's rule states it (issue 31): payable 7 days before arrival, by transfer here. */
function balanceSentence(remainder: number, stay: Stay): string {
  return `Le solde de ${euros(remainder)} est à régler à partir du ${longDate(addDays(stay.startDate, -7))}, avant votre arrivée : nous vous envoyons ce jour-là par e-mail les coordonnées du virement et sa référence, aussi affichées sur votre réservation ; le virement doit nous parvenir 24 heures avant le jour d'arrivée.`;
}

const nightsText = (n: number) => `${n} ${n > 1 ? 'nuits' : 'nuit'}`;
/** The checkout summary's lines: the nights at their rate, the tax, what is paid now, the total. */
async function expectCheckoutAmounts(summary: Locator, nightsLine: string, amounts: string[]): Promise<void> {
  await expect(summary.getByRole('term')).toHaveText([nightsLine, 'Taxe de séjour', 'À régler à la réservation', 'Total']);
  await expect(summary.getByRole('definition')).toHaveText(amounts);
}
const stayText = (stay: Stay) => `du ${dayMonth(stay.startDate)} au ${dayMonth(stay.endDate)}, ${nightsText(stay.nights)}`;

test.describe('Réservation', () => {
  test('visiteur : dates → connexion → retour sur le logement → CGV → virement → coordonnées bancaires → profil ; les nuits sont ensuite indisponibles pour un autre client', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const slug = 'duplex-place-saint-louis';
    const apartment = demoApartment(slug);
    const stay = futureStay(45, 4, testInfo);
    // Taxe de séjour of this 4-étoiles apartment: 1,60 € per adult per night, + 10 % departmental.
    // 1 adult (the panel's default): 1,60 × 4 nights = 6,40 € + 0,64 € = 7,04 €.
    // 2 adults: 1,60 × 2 × 4 = 12,80 € + 1,28 € = 14,08 €.
    expect(apartment.prixParNuit).toBe(145);
    const priceOneAdult = priceOf(apartment.prixParNuit, stay.nights, 7.04);
    const price = priceOf(apartment.prixParNuit, stay.nights, 14.08);
    expect(price).toEqual({ total: 594.08, deposit: 500, remainder: 94.08 });
    // This stay costs more than the deposit: 500 € today, the rest on arrival day.
    expect(price.total).toBeGreaterThan(500);
    const guest = await registerUser(request, testInfo, 'Lucie Bernard', 'resa');

    // A visitor picks dates on the apartment page.
    await page.goto(`/appartement/${slug}`);
    const panel = page.getByRole('region', { name: 'Réservez votre séjour' });
    await expect(panel).toBeVisible();
    await pickStay(stayCalendar(panel), stay);
    await expect(panel.getByText(stayText(stay), { exact: true })).toBeVisible();
    // The server's quote: nights grouped by rate (this demo apartment has a single rate), then the tax.
    await expect(panel.getByRole('term')).toHaveText([
      `${nightsText(stay.nights)} × ${euros(apartment.prixParNuit)}`,
      'Taxe de séjour',
      'Total',
    ]);
    await expect(panel.getByRole('definition')).toHaveText([euros(580), euros(7.04), euros(priceOneAdult.total)]);

    // Not signed in: the sign-in page, with the reason, then back on the same apartment.
    await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
    // The chosen stay rides in the return address (issue 11: it survives the detour).
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && (url.searchParams.get('redirect') ?? '').startsWith(`/appartement/${slug}?arrivee=`),
    );
    await expect(page.getByText(LOGIN_TO_BOOK, { exact: true })).toBeVisible();
    await submitSignIn(page, guest.email, guest.password);
    await expect(page).toHaveURL(new RegExp(`/appartement/${slug}\\?arrivee=[^&]+&depart=[^&]+&adultes=\\d+&enfants=\\d+$`));
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();

    // The same dates are still chosen (issue 11); two travellers, then the checkout.
    await expect(panel.getByText(stayText(stay), { exact: true })).toBeVisible();
    await panel.getByLabel('Adultes').selectOption('2');
    await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${slug}/checkout$`));

    // Checkout: the stay, the travellers, the prices.
    await expect(page.getByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeVisible();
    await expect(page).toHaveTitle('Réserver votre séjour | Séjours Messins');
    const trip = page.getByRole('region', { name: 'Votre voyage' });
    await expect(trip.getByText(`${dayMonth(stay.startDate)} – ${dayMonth(stay.endDate)}`, { exact: true })).toBeVisible();
    await expect(trip.getByText('2 voyageur(s)', { exact: true })).toBeVisible();
    const summary = page.getByRole('complementary', { name: apartment.titre });
    await expectCheckoutAmounts(summary, `${nightsText(stay.nights)} × ${euros(apartment.prixParNuit)}`, [
      euros(580),
      euros(14.08),
      euros(price.deposit),
      euros(price.total),
    ]);
    await expect(
      summary.getByText(`Acompte de ${euros(price.deposit)} à la réservation. ${balanceSentence(price.remainder, stay)}`, { exact: true }),
    ).toBeVisible();

    // Without Stripe keys only the bank transfer is offered, and no card field anywhere (DECISIONS 21).
    const methods = page.getByRole('group', { name: 'Payer avec' });
    await expect(methods.getByRole('radio')).toHaveCount(1);
    await expect(methods.getByRole('radio', { name: 'Virement bancaire' })).toBeChecked();
    await expect(page.getByLabel('Numéro de carte')).toHaveCount(0);
    // The terms of sale must be accepted first (issue 15).
    await expect(page.getByRole('link', { name: 'conditions générales de vente' })).toHaveAttribute('href', '/cgv');
    await page.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(page.getByText('Veuillez accepter les conditions générales de vente pour réserver.', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions générales de vente" })).toBeFocused();
    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions générales de vente" }).check();
    const created = page.waitForResponse((r) => r.url().endsWith('/api/reservations') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Réserver maintenant' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      startDate: stay.startDate,
      endDate: stay.endDate,
      guestsCount: 2,
      paymentMethod: 'virement',
      accepteCgv: true,
    });
    const { reservation } = (await response.json()) as {
      reservation: { id: number; totalPrice: number; deposit: number; remainder: number };
    };
    expect(reservation).toMatchObject({ totalPrice: price.total, deposit: price.deposit, remainder: price.remainder });

    // The transfer to make: amount, holder, IBAN and BIC (demo values say 'exemple'), reference.
    await expect(page.getByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeVisible();
    await expect(
      page.getByText("Coordonnées bancaires d'exemple : ce site de démonstration n'a pas de compte réel.", { exact: true }),
    ).toBeVisible();
    const transfer = page.locator('.sk-transfer__list');
    await expect(transfer.getByRole('term')).toHaveText([
      'Montant',
      'Titulaire du compte',
      'IBAN',
      'BIC',
      'Référence à indiquer',
      'À recevoir avant le',
    ]);
    await expect(transfer.getByRole('definition').nth(0)).toHaveText(euros(price.deposit));
    await expect(transfer.getByRole('definition').nth(2)).toHaveText(/^FR76 .* \(exemple\)$/);
    await expect(transfer.getByRole('definition').nth(4)).toHaveText(`SM-${reservation.id}`);
    await expect(page.getByText(balanceSentence(price.remainder, stay), { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Voir mes réservations' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await expect(
      page.getByText(`Votre réservation a été effectuée avec succès ! (réservation n° ${reservation.id})`, { exact: true }),
    ).toBeVisible();
    const booking = page
      .getByRole('region', { name: 'Mes réservations' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: apartment.titre, exact: true }) });
    await expect(booking).toHaveCount(1);
    await expect(booking.getByText(`Du ${shortDate(stay.startDate)} au ${shortDate(stay.endDate)}`, { exact: true })).toBeVisible();
    await expect(booking.getByText('en attente', { exact: true })).toBeVisible();
    await expect(booking.getByText(apartment.localisation, { exact: true })).toBeVisible();
    await expect(booking.getByText(`Total : ${euros(price.total)}`, { exact: true })).toBeVisible();
    await expect(booking.getByRole('link', { name: 'Voir les détails' })).toHaveAttribute('href', `/reservation/${reservation.id}`);

    // Another client then opens the same apartment: the booked nights are disabled.
    await header(page).getByRole('button', { name: 'Déconnexion' }).click();
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    const other = await registerUser(request, testInfo, 'Marc Weber', 'autre');
    await signIn(page, other);
    await page.goto(`/appartement/${slug}`);
    const calendar = stayCalendar(page.getByRole('region', { name: 'Réservez votre séjour' }));
    await showDay(calendar, stay.startDate);
    for (let night = stay.startDate; night < stay.endDate; night = addDays(night, 1)) {
      const day = calendarDay(calendar, night, true);
      await expect(day, `${night} est réservé`).toBeVisible();
      await expect(day).toHaveClass(/\brdrDayDisabled\b/);
      await expect(day).toHaveAttribute('tabindex', '-1');
    }
    // The nights around stay free (the departure day can be the next arrival day).
    await expect(calendarDay(calendar, addDays(stay.startDate, -1))).not.toHaveClass(/\brdrDayDisabled\b/);
    await expect(calendarDay(calendar, stay.endDate)).not.toHaveClass(/\brdrDayDisabled\b/);

    // A booked night cannot be picked, and a stay across the booking is refused.
    const panelAgain = page.getByRole('region', { name: 'Réservez votre séjour' });
    await calendarDay(calendar, addDays(stay.startDate, 1), true).click({ force: true }); // aria-disabled: a click anyway picks nothing
    await expect(panelAgain.getByText("Choisissez vos dates d'arrivée et de départ.", { exact: true })).toBeVisible();
    await calendarDay(calendar, addDays(stay.startDate, -2)).click();
    await expect(panelAgain.getByText('Choisissez maintenant votre date de départ.', { exact: true })).toBeVisible();
    await calendarDay(calendar, addDays(stay.endDate, 1)).click();
    await expect(calendar.getByText('Ces dates ne sont pas disponibles.', { exact: true })).toBeVisible();
    await expect(panelAgain.getByText('Choisissez maintenant votre date de départ.', { exact: true })).toBeVisible();
  });

  test('séjour de moins de 500 € : l’acompte est le total, virement, « Voir mes réservations »', async ({ page, request }, testInfo) => {
    const slug = 'studio-economique-woippy';
    const apartment = demoApartment(slug);
    const stay = futureStay(60, 2, testInfo);
    // Taxe de séjour, 1 adult, non classé: 5 % × 49 € = 2,45 € per night (under the 2,50 € ceiling)
    // × 2 nights = 4,90 €, + 10 % departmental = 0,49 € → 5,39 €.
    expect(apartment.prixParNuit).toBe(49);
    const price = priceOf(apartment.prixParNuit, stay.nights, 5.39);
    expect(price.total).toBe(103.39);
    expect(price.total).toBeLessThan(500);
    expect(price).toMatchObject({ deposit: price.total, remainder: 0 });
    const guest = await registerUser(request, testInfo, 'Inès Garnier', 'petit');

    await signIn(page, guest);
    await page.goto(`/appartement/${slug}`);
    const panel = page.getByRole('region', { name: 'Réservez votre séjour' });
    await pickStay(stayCalendar(panel), stay);
    await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(page).toHaveURL(new RegExp(`/appartement/${slug}/checkout$`));

    const summary = page.getByRole('complementary', { name: apartment.titre });
    await expectCheckoutAmounts(summary, `${nightsText(stay.nights)} × ${euros(apartment.prixParNuit)}`, [
      euros(98),
      euros(5.39),
      euros(price.total),
      euros(price.total),
    ]);
    await expect(
      summary.getByText(`La totalité du séjour (${euros(price.total)}) se règle à la réservation.`, { exact: true }),
    ).toBeVisible();

    await page.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions générales de vente" }).check();
    await page.getByRole('button', { name: 'Réserver maintenant' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeVisible();
    await expect(page.locator('.sk-transfer__list').getByRole('definition').first()).toHaveText(euros(price.total));
    await expect(page.getByText(/^Le solde de/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Voir mes réservations' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(/^Votre réservation a été effectuée avec succès ! \(réservation n° \d+\)$/)).toBeVisible();
    const booking = page.getByRole('region', { name: 'Mes réservations' }).getByRole('listitem');
    await expect(booking.getByRole('heading', { level: 3 })).toHaveText([apartment.titre]);
    await expect(booking.getByText(`Total : ${euros(price.total)}`, { exact: true })).toBeVisible();
  });

  test('« Réserver maintenant » sans dates demande de les choisir', async ({ page }, testInfo) => {
    const slug = 'studio-gare-sablon';
    const apartment = demoApartment(slug);
    const stay = futureStay(50, 2, testInfo);
    await page.goto(`/appartement/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Réservez votre séjour' });
    const reserve = panel.getByRole('button', { name: 'Réserver maintenant' });
    // Announced as unavailable (aria-disabled) but still clickable, so that the click can explain why:
    // Playwright treats aria-disabled as disabled, hence `force`.
    await expect(reserve).toHaveAttribute('aria-disabled', 'true');
    await expect(reserve).toBeDisabled();

    await reserve.click({ force: true });
    await expect(panel.getByText(SELECT_DATES, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/appartement/${slug}$`));

    // An arrival alone is not enough.
    const calendar = stayCalendar(panel);
    await showDay(calendar, stay.startDate);
    await calendarDay(calendar, stay.startDate).click();
    await expect(panel.getByText('Choisissez maintenant votre date de départ.', { exact: true })).toBeVisible();
    await reserve.click({ force: true });
    await expect(panel.getByText(SELECT_DATES, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/appartement/${slug}$`));

    // With the departure the message goes and the button is enabled.
    await calendarDay(calendar, stay.endDate).click();
    await expect(panel.getByText(stayText(stay), { exact: true })).toBeVisible();
    await expect(panel.getByText(SELECT_DATES)).toHaveCount(0);
    await expect(reserve).toBeEnabled();
  });
});

/** Books a demo apartment in December: on this worker's own server, so the shared calendars stay untouched. */
const isolated = test.extend<object, { privateServer: PrivateServer }>(onPrivateServer);

isolated.describe('Réservation en saison', () => {
  isolated(
    'Marché de Noël : le panneau montre le tarif de saison et la taxe de séjour, la réservation est prise au total du devis',
    async ({ page, request }, testInfo) => {
      isolated.setTimeout(90_000);
      const slug = 'studio-cosy-cathedrale';
      const apartment = demoApartment(slug);
      // Two nights in the demo's Marché de Noël season (21 November to 30 December, 85 € a night,
      // 2-night minimum): this year's if 8 December is still ahead, else next year's.
      const today = todayInParis();
      const year = Number(today.slice(0, 4)) + (addDays(today, 3) < `${today.slice(0, 4)}-12-08` ? 0 : 1);
      const start = addDays(`${year}-12-08`, 3 * testInfo.repeatEachIndex);
      const stay: Stay = { startDate: start, endDate: addDays(start, 2), nights: 2 };
      // By hand: 2 × 85 € = 170 €; cleaning 25 €; taxe de séjour, 1 adult, non classé: 5 % × 85 € =
      // 4,25 €, capped at 2,50 € per night × 2 nights = 5 €, + 10 % departmental = 0,50 € → 5,50 €.
      // Total 200,50 €, under the 500 € deposit: all of it is paid today.
      const total = 200.5;
      const guest = await registerUser(request, testInfo, 'Élise Thiriet', 'noel');

      await signIn(page, guest);
      await page.goto(`/appartement/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name: apartment.titre })).toBeVisible();
      const panel = page.getByRole('region', { name: 'Réservez votre séjour' });
      await pickStay(stayCalendar(panel), stay);
      await expect(panel.getByText(stayText(stay), { exact: true })).toBeVisible();
      const lines = ['2 nuits × 85 € (Marché de Noël)', 'Frais de ménage', 'Taxe de séjour'];
      await expect(panel.getByRole('term')).toHaveText([...lines, 'Total']);
      await expect(panel.getByRole('definition')).toHaveText([euros(170), euros(25), euros(5.5), euros(total)]);

      await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
      await expect(page).toHaveURL(new RegExp(`/appartement/${slug}/checkout$`));
      const summary = page.getByRole('complementary', { name: apartment.titre });
      await expect(summary.getByRole('term')).toHaveText([...lines, 'À régler à la réservation', 'Total']);
      await expect(summary.getByRole('definition')).toHaveText([euros(170), euros(25), euros(5.5), euros(total), euros(total)]);

      await page.getByRole('checkbox', { name: "J'ai lu et j'accepte les conditions générales de vente" }).check();
      const created = page.waitForResponse((r) => r.url().endsWith('/api/reservations') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Réserver maintenant' }).click();
      const response = await created;
      expect(response.status()).toBe(201);
      const { reservation } = (await response.json()) as {
        reservation: { id: number; totalPrice: number; deposit: number; remainder: number };
      };
      expect(reservation).toMatchObject({ totalPrice: total, deposit: total, remainder: 0 });

      await expect(page.getByRole('heading', { level: 1, name: 'Demande de réservation enregistrée' })).toBeVisible();
      await page.getByRole('link', { name: 'Voir mes réservations' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      const booking = page.getByRole('region', { name: 'Mes réservations' }).getByRole('listitem');
      await expect(booking.getByRole('heading', { level: 3 })).toHaveText([apartment.titre]);
      await expect(booking.getByText(`Total : ${euros(total)}`, { exact: true })).toBeVisible();
    },
  );
});
