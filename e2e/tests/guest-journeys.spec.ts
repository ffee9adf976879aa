/**
 * Journeys a guest tripped over (issue 11): the stay survives the sign-in detour, the calendar is a
 * keyboard date grid and refuses picks while the availability loads, a stay already reviewed says
 * so at once, and the profile keeps its spacing and wraps long emails at sensible points.
 */
import type { Page } from '@playwright/test';
import { settle } from '../support/a11y';
import { DEMO_ADMIN, demoApartments } from '../support/demo';
import { expect, test } from '../support/fixtures';
import {
  addDays,
  apiLogin,
  apiReserve,
  calendarDay,
  dayMonth,
  futureStay,
  header,
  longDate,
  monthLater,
  pickStay,
  registerUser,
  showDay,
  type Stay,
  signIn,
  stayCalendar,
  submitSignIn,
  todayInParis,
  TEST_PASSWORD,
  uniqueEmail,
} from '../support/journeys';
import { insertPastStay } from '../support/past-stay';
import { onPrivateServer, type PrivateServer } from '../support/private-server';

/** A reviewed stay must be over (DECISIONS 30): it is written into this worker's private server's database. */
/** A signed-out visitor picks the stay for two adults and books: the site sends them to sign in first. */
async function bookSignedOut(page: Page, slug: string, stay: Stay): Promise<void> {
  await page.goto(`/appartement/${slug}`);
  await settle(page);
  await pickStay(stayCalendar(page), stay);
  await page.getByLabel('Adultes', { exact: true }).selectOption('2');
  await page.getByRole('button', { name: 'Réserver maintenant' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
}

const isolated = test.extend<object, { privateServer: PrivateServer }>(onPrivateServer);

test.describe('Parcours des voyageurs', () => {
  test('les dates et les voyageurs choisis survivent au passage par la connexion', async ({ page, request }, testInfo) => {
    const slug = demoApartments[5]!.slug;
    const client = await registerUser(request, testInfo, 'Inès Détour', 'detour');
    const stay = futureStay(90, 4, testInfo);
    await bookSignedOut(page, slug, stay);

    await submitSignIn(page, client.email, client.password);
    await expect(page).toHaveURL(
      new RegExp(`/appartement/${slug}\\?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=2&enfants=0$`),
    );
    const panel = page.getByRole('complementary', { name: 'Prix et réservation' });
    await expect(panel.getByText(/, 4 nuits$/)).toBeVisible();
    await expect(panel.getByLabel('Adultes', { exact: true })).toHaveValue('2');
    await panel.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeVisible();
    await expect(page.getByText('2 voyageur(s)')).toBeVisible();
  });

  test('créer son compte en réservant garde le séjour choisi jusqu’au paiement (issue 27)', async ({ page }, testInfo) => {
    const slug = demoApartments[4]!.slug;
    const stay = futureStay(120, 3, testInfo);
    const guest = { nom: 'Élise Nouvelle', email: uniqueEmail(testInfo, 'inscription'), password: TEST_PASSWORD };
    await bookSignedOut(page, slug, stay);

    // No account yet: 'Créer un compte', then back to the sign-in with the same return address.
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Créer un compte' })).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/register' && (url.searchParams.get('redirect') ?? '').includes(`arrivee=${stay.startDate}`),
    );
    await page.getByLabel('Nom complet').fill(guest.nom);
    await page.getByLabel('Email', { exact: true }).fill(guest.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(guest.password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Votre compte a été créé. Vous pouvez maintenant vous connecter.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(guest.email);
    await submitSignIn(page, guest.email, guest.password);

    // Back on the apartment with the stay chosen before, then the checkout with the same dates.
    await expect(page).toHaveURL(
      new RegExp(`/appartement/${slug}\\?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=2&enfants=0$`),
    );
    await page.getByRole('button', { name: 'Réserver maintenant' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Réserver votre séjour' })).toBeVisible();
    const trip = page.getByRole('region', { name: 'Votre voyage' });
    await expect(trip.getByText(`${dayMonth(stay.startDate)} – ${dayMonth(stay.endDate)}`, { exact: true })).toBeVisible();
    await expect(trip.getByText('2 voyageur(s)', { exact: true })).toBeVisible();
  });

  test('le calendrier au clavier : un seul arrêt de tabulation, flèches, Entrée pour l’arrivée puis le départ', async ({ page }) => {
    const slug = demoApartments[6 % demoApartments.length]!.slug;
    await page.goto(`/appartement/${slug}`);
    await settle(page);
    const calendar = stayCalendar(page);
    const today = todayInParis();
    await calendar.getByRole('button', { name: 'Mois suivant' }).focus();
    await page.keyboard.press('Tab');
    // One Tab from the month's buttons reaches a day (today, or the first free day), the next leaves the month.
    const focusedName = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(focusedName).toContain(longDate(today));
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Adultes', { exact: true })).toBeFocused();
    await page.keyboard.press('Shift+Tab');

    // A week and a month later: arrival; two days after: departure. Each move is checked where a
    // person would look before pressing Enter: the focus is on the day (the month turns first).
    const arrival = monthLater(addDays(today, 7));
    const departure = addDays(arrival, 2);
    await page.keyboard.press('ArrowDown');
    await expect(calendarDay(calendar, addDays(today, 7))).toBeFocused();
    await page.keyboard.press('PageDown');
    await expect(calendarDay(calendar, arrival)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Choisissez maintenant votre date de départ.')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(calendarDay(calendar, departure)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Prix et réservation' }).getByText(/, 2 nuits$/)).toBeVisible();
  });

  test('pendant le chargement des disponibilités, le calendrier l’annonce et refuse tout choix', async ({ page, request }, testInfo) => {
    const slug = demoApartments[7 % demoApartments.length]!.slug;
    const guest = await registerUser(request, testInfo, 'Inès Occupée', 'busy');
    const taken = futureStay(15, 2, testInfo);
    await apiReserve(request, await apiLogin(request, guest.email, guest.password), slug, taken);

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/appartements/disponibilites/**', async (route) => {
      await released;
      await route.fallback();
    });
    await page.goto(`/appartement/${slug}`);
    const calendar = stayCalendar(page);
    await expect(calendar).toHaveAttribute('aria-busy', 'true');
    await expect(calendar.getByText('Chargement des disponibilités…')).toBeVisible();
    await showDay(calendar, taken.startDate);
    // Not offered yet (aria-disabled): a click anyway picks nothing.
    await calendarDay(calendar, taken.startDate).click({ force: true });
    await expect(page.getByText("Choisissez vos dates d'arrivée et de départ.")).toBeVisible();

    release();
    await expect(calendar).not.toHaveAttribute('aria-busy', 'true');
    await expect(calendarDay(calendar, taken.startDate, true)).toBeVisible();
  });

  isolated('un séjour déjà évalué le dit tout de suite, sans formulaire vide', async ({ page, request, privateServer }, testInfo) => {
    test.setTimeout(90_000);
    const slug = demoApartments[8 % demoApartments.length]!.slug;
    const client = await registerUser(request, testInfo, 'Inès Avis', 'avis');
    const token = await apiLogin(request, client.email, client.password);
    const stay = await insertPastStay(privateServer, client.email, slug, 2, 2);
    const apartment = (await (await request.get(`/api/appartements/slug/${slug}`)).json()) as { id: number };
    const reservation = { id: stay.id, appartementId: apartment.id };
    const adminToken = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const status of ['confirmée', 'terminée']) {
      const res = await request.put(`/api/reservations/${reservation.id}/status`, {
        headers: { Authorization: `Bearer ${adminToken}` },
        data: { status },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const review = await request.post(`/api/appartements/${reservation.appartementId}/avis`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { reservationId: reservation.id, note: 5, commentaire: 'Séjour parfait, merci !' },
    });
    expect(review.status(), await review.text()).toBe(201);

    await signIn(page, client);
    await page.goto(`/reservation/${reservation.id}`);
    await expect(page.getByText('Vous avez déjà laissé un avis pour ce séjour.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publier mon avis' })).toHaveCount(0);
  });

  test('profil sur téléphone : le titre ne touche pas les cartes, un long email se coupe avant @ ou un point', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const client = await registerUser(request, testInfo, 'Inès Profil', 'profil-avec-une-adresse-vraiment-longue');
    await signIn(page, client);
    await header(page).getByRole('link', { name: 'Mon profil' }).click();
    await settle(page);
    const title = (await page.getByRole('heading', { level: 1, name: 'Mon profil' }).boundingBox())!;
    const side = (await page.getByRole('complementary', { name: 'Mon compte' }).boundingBox())!;
    expect(side.y - (title.y + title.height), 'espace sous le titre').toBeGreaterThanOrEqual(16);

    for (const email of await page.locator('.acc-email').all()) {
      // Every new line starts at '@' or '.', or after a hyphen (the browser's own break point).
      const starts = await email.evaluate((el) => {
        const text = el.textContent ?? '';
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const tops: Array<{ char: string; top: number }> = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push({ char: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) });
          }
        }
        void text;
        return tops
          .filter((t, i) => i > 0 && t.top > tops[i - 1]!.top)
          .map((t) => (tops[tops.indexOf(t) - 1]!.char === '-' ? '-' : t.char));
      });
      for (const char of starts) expect(['@', '.', '-']).toContain(char);
    }
  });
});
