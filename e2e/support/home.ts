/** Locators and steps of the home page (/), shared by the home and layout tests. */
import { expect, type Locator, type Page } from '@playwright/test';
import { countText, demoApartments } from './demo';

/** The results section, named by its count heading ('N logement(s) disponible(s)'). */
export function results(page: Page): Locator {
  return page.getByRole('region', { name: /logement\(s\) disponible\(s\)$/ });
}

export function countHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 2, name: /logement\(s\) disponible\(s\)$/ });
}

/** The cards of the grid: each card is one link to its apartment page. */
export function cards(page: Page): Locator {
  return results(page).getByRole('link');
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Rechercher un logement' });
}

/** Exactly 'Réinitialiser' (the toolbar button), not the empty state's 'Réinitialiser les filtres'. */
export function resetButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Réinitialiser', exact: true });
}

/** Waits until the list shows `n` lodgings: the count text and as many cards. */
export async function expectCount(page: Page, n: number): Promise<void> {
  await expect(countHeading(page)).toHaveText(countText(n));
  await expect(cards(page)).toHaveCount(n);
}

/** Opens / and waits for the full demo list. */
export async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expectCount(page, demoApartments.length);
}

/** Opens the 'Filtres' panel (collapsed at first). */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filtres' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // On the server-rendered page this click may land before hydration: it is kept and replayed.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
