/**
 * Town pages (issue 32 item 3): « Nos villes » on the home page → a town's page, server rendered,
 * with only that town's apartments → dates chosen there stay in its address → the cards carry them.
 * Accessible (axe, 0 serious) and without sideways scroll on a 360 px phone.
 */
import { expect, test } from '../support/fixtures';
import { axeSerious, sidewaysOverflow } from '../support/a11y';
import { allApartments } from '../support/catalogue';
import { futureStay, longDate, pickStay, showDay } from '../support/journeys';

// axe-core is injected as a script: the page's CSP would refuse it.
test.use({ bypassCSP: true });

interface Town {
  ville: string;
  slug: string;
  nombre: number;
}

test('une ville depuis « Nos villes » : ses seuls logements, des dates gardées dans l’adresse', async ({ page, request }, testInfo) => {
  const towns = (await (await request.get('/api/villes')).json()) as Town[];
  const metz = towns.find((t) => t.slug === 'metz')!;
  expect(metz.nombre).toBeGreaterThan(1);
  const all = await allApartments<{ titre: string; ville: string }>(request);
  const inMetz = all.filter((a) => a.ville === 'Metz').map((a) => a.titre);
  const elsewhere = all.filter((a) => a.ville !== 'Metz').map((a) => a.titre);
  expect(elsewhere.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const list = page.getByRole('navigation', { name: 'Nos villes' });
  await expect(list.getByRole('link')).toHaveText(towns.map((t) => t.ville));
  await list.getByRole('link', { name: 'Metz', exact: true }).click();

  await expect(page).toHaveURL('/location/metz');
  await expect(page.getByRole('heading', { level: 1, name: 'Location meublée à Metz' })).toBeVisible();
  await expect(page).toHaveTitle('Location meublée à Metz | Séjours Messins');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/location\/metz$/);
  await expect(page.getByRole('heading', { level: 2, name: `${metz.nombre} logement(s) disponible(s)` })).toBeVisible();
  const cards = page.getByRole('heading', { level: 3 });
  await expect(cards).toHaveText(inMetz, { useInnerText: true });
  expect(await axeSerious(page), 'la page de la ville').toEqual([]);

  // Dates chosen on the town's page: its address keeps them, the town stays its path.
  const stay = futureStay(90, 2, testInfo);
  const datesButton = page.getByRole('button', { name: /^Dates du séjour/ });
  await datesButton.click();
  const dialog = page.getByRole('dialog', { name: 'Vos dates de séjour' });
  const calendar = dialog.getByRole('group', { name: 'Choisissez vos dates de séjour' });
  await showDay(calendar, stay.startDate);
  await pickStay(calendar, stay);
  await expect(dialog.getByText(`Du ${longDate(stay.startDate)} au ${longDate(stay.endDate)}`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Valider les dates' }).click();
  await page.getByRole('button', { name: 'Rechercher' }).click();
  const query = `?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=1&enfants=0`;
  await expect(page).toHaveURL(`/location/metz${query}`);
  await expect(page.getByRole('heading', { level: 2, name: /pour ces dates$/ })).toBeVisible();
  const shown = await cards.allInnerTexts();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((titre) => inMetz.includes(titre))).toBe(true);
  await expect(page.getByText(/ pour 2 nuits$/).first()).toBeVisible();
  // Each card carries the stay to its apartment's booking panel.
  const hrefs = await page.locator('a.cat-card').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(shown.length);
  for (const href of hrefs) expect(href.startsWith('/appartement/') && href.endsWith(query), href).toBe(true);
  expect(await axeSerious(page), 'la ville avec des dates').toEqual([]);

  // Reloaded: the server renders the same search.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Dates du séjour/ })).toContainText(
    `Du ${longDate(stay.startDate)} au ${longDate(stay.endDate)}`,
  );
});

test('l’accueil cherche dans une ville choisie dans la liste des villes', async ({ page, request }) => {
  const towns = (await (await request.get('/api/villes')).json()) as Town[];
  const single = towns.find((t) => t.nombre === 1)!;
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('combobox', { name: 'Ville' }).selectOption(single.slug);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(`/?ville=${single.slug}`);
  await expect(page.getByRole('heading', { level: 2, name: '1 logement(s) disponible(s)' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Ville' })).toHaveValue(single.slug);
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(1);
});

test.describe('ville inconnue', () => {
  // The browser reports the page's own 404 status as a console error.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\) \(http:\/\/[^/]+\/location\/atlantide:/] });

  test('une ville inconnue : page introuvable, non indexée', async ({ page }) => {
    const response = await page.goto('/location/atlantide');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Ville introuvable' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });
});

test.describe('téléphone 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('la page d’une ville ne défile pas de côté', async ({ page }) => {
    await page.goto('/location/montigny-les-metz');
    await expect(page.getByRole('heading', { level: 1, name: 'Location meublée à Montigny-lès-Metz' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Nos villes' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeSerious(page), 'l’accueil et sa liste des villes').toEqual([]);
  });
});
