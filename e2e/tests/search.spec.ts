/**
 * Search by stay (issue 32): dates chosen on the home page → the address → the server's HTML of
 * that address lists only the free apartments, each with the price of the stay → a card opens the
 * apartment with the same stay in its booking panel.
 */
import { expect, test } from '../support/fixtures';
import { axeSerious } from '../support/a11y';
import { allApartments } from '../support/catalogue';
import { apiLogin, apiReserve, dayMonth, euros, futureStay, longDate, pickStay, registerUser, showDay } from '../support/journeys';

interface Found {
  slug: string;
  titre: string;
  sejour: { nuits: number; totalCents: number; total: number };
}

/** '412 € pour 3 nuits', '301,50 € pour 1 nuit', as the cards write it. */
function stayPrice(s: Found['sejour']): string {
  const digits = s.totalCents % 100 === 0 ? 0 : 2;
  const amount = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(s.totalCents / 100)
    .replace(/\s/g, ' ');
  return `${amount} € pour ${s.nuits} nuit${s.nuits > 1 ? 's' : ''}`;
}

// axe-core is injected as a script: the page's CSP would refuse it.
test.use({ bypassCSP: true });

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

test('des dates choisies sur l’accueil → l’adresse → le HTML du serveur ne liste que les logements libres avec leur prix → le panneau garde le séjour', async ({
  page,
  request,
  playwright,
}, testInfo) => {
  const stay = futureStay(70, 3, testInfo);
  const all = await allApartments<{ slug: string; titre: string; capacite: { voyageurs: number } }>(request);
  const booked = all.find((a) => a.capacite.voyageurs >= 2)!;
  const guest = await registerUser(request, testInfo, 'Inès Recherche', 'recherche');
  await apiReserve(request, await apiLogin(request, guest.email, guest.password), booked.slug, stay, 2);

  await page.goto('/');
  // The page's code has loaded (and hydrated the server's HTML) before the first click.
  await page.waitForLoadState('networkidle');
  const datesButton = page.getByRole('button', { name: /^Dates du séjour/ });
  await datesButton.click();
  const dialog = page.getByRole('dialog', { name: 'Vos dates de séjour' });
  const calendar = dialog.getByRole('group', { name: 'Choisissez vos dates de séjour' });
  await showDay(calendar, stay.startDate);
  expect(await axeSerious(page), 'le calendrier du dialogue').toEqual([]);
  await pickStay(calendar, stay);
  await expect(dialog.getByText(`Du ${longDate(stay.startDate)} au ${longDate(stay.endDate)}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Valider les dates' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(datesButton).toBeFocused();
  await page.getByRole('button', { name: 'Adultes : augmenter' }).click();
  await page.getByRole('button', { name: 'Rechercher' }).click();

  const query = `?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=2&enfants=0`;
  await expect(page).toHaveURL(`/${query}`);
  const expected = (await (await request.get(`/api/appartements${query}&parPage=48`)).json()) as { appartements: Found[]; total: number };
  expect(expected.appartements.some((a) => a.slug === booked.slug)).toBe(false);
  expect(expected.total).toBeGreaterThan(0);
  const heading = page.getByRole('heading', {
    level: 2,
    name: `${expected.total} logement${expected.total > 1 ? 's' : ''} disponible${expected.total > 1 ? 's' : ''} pour ces dates`,
  });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: booked.titre, exact: true })).toHaveCount(0);
  expect(await axeSerious(page), 'la recherche et ses résultats').toEqual([]);

  // The server's HTML of that address (a visitor without session): the free apartments, their stay's price, not the booked one.
  // A fresh context: the guest's sign-in above left a session cookie in `request`.
  const anonymous = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const html = await (await anonymous.get(`/${query}`)).text();
  await anonymous.dispose();
  // Markup, not the page's JSON data: a title closed by its card heading, a price by its paragraph.
  const root = html;
  for (const found of expected.appartements.slice(0, 24)) {
    expect(root).toContain(`>${escapeHtml(found.titre)}</h3>`);
    expect(root).toContain(`>${stayPrice(found.sejour)}</p>`);
  }
  expect(root).not.toContain(`>${escapeHtml(booked.titre)}</h3>`);

  // A card carries the stay to its apartment page, whose booking panel holds it.
  const first = expected.appartements[0]!;
  const card = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 3, name: first.titre, exact: true }) });
  await expect(card).toContainText(stayPrice(first.sejour));
  await card.click();
  await expect(page).toHaveURL(`/appartement/${first.slug}${query}`);
  const panel = page.getByRole('region', { name: 'Réservez votre séjour' });
  await expect(panel.getByText(`du ${dayMonth(stay.startDate)} au ${dayMonth(stay.endDate)}, 3 nuits`, { exact: true })).toBeVisible();
  await expect(panel.getByLabel('Adultes')).toHaveValue('2');
  // The quote's total, as the search gave it.
  await expect(panel.getByRole('definition').last()).toHaveText(euros(first.sejour.total));
});

test('sans logement libre : le message et la suggestion', async ({ page }, testInfo) => {
  const stay = futureStay(40, 2, testInfo);
  // Nobody houses 20 travellers.
  await page.goto(`/?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=20&enfants=0`);
  await expect(page.getByText('Aucun logement disponible pour ces dates', { exact: true })).toBeVisible();
  expect(await axeSerious(page)).toEqual([]);
  await page.getByRole('link', { name: 'voyez tous les logements sans dates' }).click();
  await expect(page).toHaveURL('/?adultes=20&enfants=0');
});
