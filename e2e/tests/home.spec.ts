/**
 * Home page (/): the demo listing and every filter of the spec (sections 2, 5 and 9).
 * Expected counts are computed from the seeded demo data with the spec's rules (support/demo.ts).
 */
import { expect, test, type Page } from '../support/fixtures';
import { countText, demoApartments, demoLocations, demoPrices, expectedCount, type ExpectedFilters } from '../support/demo';
import { cards, countHeading, expectCount, openFilters, openHome, resetButton, results, searchBox } from '../support/home';

const ALL = demoApartments.length;

/** Guards the test data itself: a filter case must narrow the list, or it proves nothing. */
function narrowing(filters: ExpectedFilters): number {
  const n = expectedCount(filters);
  expect(n, `le cas ${JSON.stringify(filters)} doit réduire la liste de démonstration`).toBeLessThan(ALL);
  return n;
}

/** 'Réinitialiser' brings the full list back and disappears (it is shown only while a filter is active). */
async function resetAndExpectAll(page: Page): Promise<void> {
  await resetButton(page).click();
  await expectCount(page, ALL);
  await expect(resetButton(page)).toHaveCount(0);
}

/** A stepper group reads '<label> - <value> +'. */
async function expectStepper(page: Page, label: string, value: number): Promise<void> {
  await expect(page.getByRole('group', { name: label, exact: true })).toHaveText(new RegExp(`^${label}\\s*-\\s*${value}\\s*\\+$`));
}

/** Clicks '+' until the stepper shows `target`. */
async function stepUpTo(page: Page, label: string, from: number, target: number): Promise<void> {
  const plus = page.getByRole('button', { name: `${label} : augmenter` });
  for (let value = from; value < target; value += 1) {
    await plus.click();
    await expectStepper(page, label, value + 1);
  }
}

test.describe('Accueil', () => {
  test('liste les logements de démonstration avec le bon compte et des cartes vers /appartement/{slug}', async ({ page }) => {
    await openHome(page);

    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Locations meublées de courte durée à Metz | Séjours Messins');
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toBeVisible();
    await expect(page.getByText("Vous n'êtes pas connecté.")).toBeVisible();
    await expect(countHeading(page)).toHaveText(countText(ALL));
    // No filter is active yet: no 'Réinitialiser'.
    await expect(resetButton(page)).toHaveCount(0);

    // One card per demo apartment, each linking to its page.
    const hrefs = await cards(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.slice().sort()).toEqual(demoApartments.map((a) => `/appartement/${a.slug}`).sort());

    // A card shows price per night, title, location, bedrooms, bathrooms and guests.
    for (const a of [demoApartments[0]!, demoApartments[demoApartments.length - 1]!]) {
      const card = cards(page).filter({ has: page.getByRole('heading', { name: a.titre, exact: true }) });
      await expect(card).toHaveCount(1);
      await expect(card).toHaveAttribute('href', `/appartement/${a.slug}`);
      await expect(card).toContainText(`${a.prixParNuit} € / nuit`);
      await expect(card).toContainText(a.localisation);
      await expect(card).toContainText(`${a.capacite.chambres} ch.`);
      await expect(card).toContainText(`${a.capacite.sallesDeBain} sdb`);
      await expect(card).toContainText(`${a.capacite.voyageurs} pers.`);
      await expect(card.getByRole('img', { name: a.titre })).toBeVisible();
    }
  });

  test('la recherche porte sur le titre ou la localisation, sans tenir compte de la casse', async ({ page }) => {
    await openHome(page);
    const search = searchBox(page);
    await expect(search).toHaveAttribute('placeholder', 'Rechercher par titre ou emplacement...');

    // 'MOSELLE' is in titles and in a location.
    await search.fill('MOSELLE');
    await expectCount(page, narrowing({ search: 'MOSELLE' }));
    await expect(resetButton(page)).toBeVisible();

    // 'sablon' only appears in a location, never in a title.
    await search.fill('sablon');
    const bySablon = demoApartments.filter((a) => a.localisation.toLowerCase().includes('sablon'));
    expect(bySablon.every((a) => !a.titre.toLowerCase().includes('sablon'))).toBe(true);
    await expectCount(page, narrowing({ search: 'sablon' }));
    for (const a of bySablon) await expect(results(page).getByRole('heading', { name: a.titre })).toBeVisible();

    await resetAndExpectAll(page);
    await expect(search).toHaveValue('');
  });

  test('le prix minimum et maximum filtrent bornes comprises, et une borne incohérente est refusée', async ({ page }) => {
    await openHome(page);
    await openFilters(page);
    const min = page.getByLabel('Prix minimum (€)');
    const max = page.getByLabel('Prix maximum (€)');
    // The range starts at the loaded prices (spec section 4, "Listing page").
    await expect(min).toHaveValue(String(demoPrices.min));
    await expect(max).toHaveValue(String(demoPrices.max));

    await min.fill('100');
    await expectCount(page, narrowing({ priceMin: 100 }));
    await expect(resetButton(page)).toBeVisible();

    await max.fill('150');
    await expectCount(page, narrowing({ priceMin: 100, priceMax: 150 }));

    // Bounds are inclusive: an apartment priced exactly at the bound stays.
    const exact = demoApartments.find((a) => a.prixParNuit > 100 && a.prixParNuit < 150)!;
    await max.fill(String(exact.prixParNuit));
    await expectCount(page, expectedCount({ priceMin: 100, priceMax: exact.prixParNuit }));
    await expect(results(page).getByRole('heading', { name: exact.titre })).toBeVisible();
    await max.fill('150');
    await expectCount(page, expectedCount({ priceMin: 100, priceMax: 150 }));

    // The min input only accepts values <= max: the list keeps the last accepted range.
    await min.fill('300');
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    await expectCount(page, expectedCount({ priceMin: 100, priceMax: 150 }));
    await min.blur();
    await expect(min).toHaveValue('100');

    await resetAndExpectAll(page);
    await expect(min).toHaveValue(String(demoPrices.min));
    await expect(max).toHaveValue(String(demoPrices.max));
  });

  for (const amenity of ['Wifi', 'Parking gratuit', 'Piscine'] as const) {
    test(`l'équipement « ${amenity} » ne garde que les logements qui l'incluent`, async ({ page }) => {
      await openHome(page);
      await openFilters(page);
      const box = page.getByRole('checkbox', { name: amenity, exact: true });
      await box.check();
      await expectCount(page, narrowing({ amenities: [amenity] }));
      await box.uncheck();
      await expectCount(page, ALL);
      await box.check();
      await expectCount(page, expectedCount({ amenities: [amenity] }));
      await resetAndExpectAll(page);
      await expect(box).not.toBeChecked();
    });
  }

  test('plusieurs équipements cochés : un logement doit les inclure tous', async ({ page }) => {
    await openHome(page);
    await openFilters(page);
    await page.getByRole('checkbox', { name: 'Parking gratuit', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Piscine', exact: true }).check();
    const both = narrowing({ amenities: ['Parking gratuit', 'Piscine'] });
    expect(both).toBeLessThanOrEqual(expectedCount({ amenities: ['Piscine'] }));
    await expectCount(page, both);
    await resetAndExpectAll(page);
  });

  test('les cases d’emplacement filtrent sur les localisations choisies', async ({ page }) => {
    await openHome(page);
    await openFilters(page);
    const locations = page.getByRole('group', { name: 'Emplacements' });
    // One checkbox per distinct location of the list.
    await expect(locations.getByRole('checkbox')).toHaveCount(demoLocations.length);

    await locations.getByRole('checkbox', { name: 'Metz Centre', exact: true }).check();
    await expectCount(page, narrowing({ locations: ['Metz Centre'] }));
    for (const a of demoApartments.filter((x) => x.localisation !== 'Metz Centre')) {
      await expect(results(page).getByRole('heading', { name: a.titre, exact: true })).toHaveCount(0);
    }

    // A second location widens the selection (the listing must be one of the selected).
    await locations.getByRole('checkbox', { name: 'Marly', exact: true }).check();
    await expectCount(page, narrowing({ locations: ['Metz Centre', 'Marly'] }));

    await resetAndExpectAll(page);
    await expect(locations.getByRole('checkbox', { checked: true })).toHaveCount(0);
  });

  test('les voyageurs de la recherche filtrent sur la capacité (minimum 1 adulte, sans effet à 1)', async ({ page }) => {
    await openHome(page);
    await expect(page.getByRole('button', { name: 'Adultes : diminuer' })).toBeDisabled();
    await expectStepper(page, 'Adultes', 1);
    await stepUpTo(page, 'Adultes', 1, 3);
    await stepUpTo(page, 'Enfants', 0, 2);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL('/?adultes=3&enfants=2');
    await expectCount(page, narrowing({ guests: 5 }));
    await page.getByRole('button', { name: 'Enfants : diminuer' }).click();
    await expectStepper(page, 'Enfants', 1);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expectCount(page, narrowing({ guests: 4 }));
  });

  test('les steppers chambres et salles de bain filtrent sur la capacité (minimum 0)', async ({ page }) => {
    await openHome(page);
    await openFilters(page);
    await expect(page.getByRole('button', { name: 'Chambres : diminuer' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Salles de bain : diminuer' })).toBeDisabled();

    await stepUpTo(page, 'Chambres', 0, 3);
    await expectCount(page, narrowing({ bedrooms: 3 }));
    await resetAndExpectAll(page);

    await stepUpTo(page, 'Salles de bain', 0, 2);
    await expectCount(page, narrowing({ bathrooms: 2 }));
    await resetAndExpectAll(page);

    // Filters combine.
    await stepUpTo(page, 'Chambres', 0, 3);
    await stepUpTo(page, 'Salles de bain', 0, 3);
    await expectCount(page, narrowing({ bedrooms: 3, bathrooms: 3 }));
    await resetAndExpectAll(page);
  });

  test('sans résultat : état vide et bouton de réinitialisation', async ({ page }) => {
    await openHome(page);

    await searchBox(page).fill('château introuvable');
    expect(expectedCount({ search: 'château introuvable' })).toBe(0);
    await expect(countHeading(page)).toHaveText(countText(0));
    await expect(page.getByText('Aucun logement ne correspond à vos critères', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expectCount(page, ALL);
    await expect(page.getByText('Aucun logement ne correspond à vos critères')).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('');
    // The clicked button is gone: focus moves to the updated count.
    await expect(countHeading(page)).toBeFocused();

    // Filters that exclude everything together, each allowing some lodgings alone.
    await openFilters(page);
    await page.getByRole('checkbox', { name: 'Piscine', exact: true }).check();
    await page.getByRole('group', { name: 'Emplacements' }).getByRole('checkbox', { name: 'Metz Centre', exact: true }).check();
    expect(expectedCount({ amenities: ['Piscine'], locations: ['Metz Centre'] })).toBe(0);
    await expect(page.getByText('Aucun logement ne correspond à vos critères', { exact: true })).toBeVisible();
    await expect(countHeading(page)).toHaveText(countText(0));
    await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expectCount(page, ALL);
  });
});
