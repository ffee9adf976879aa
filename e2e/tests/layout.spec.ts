/**
 * The shell around every page: header and footer, the 404 page (DECISIONS 16) and the fallback
 * shown when a remote (micro front end) cannot be loaded.
 */
import type { Route } from '@playwright/test';
import { expect, test, type Page } from '../support/fixtures';
import { demoApartments } from '../support/demo';
import { expectCount } from '../support/home';

const UNAVAILABLE = 'Cette partie du site est momentanément indisponible.';
const NOT_FOUND_TITLE = 'Page non trouvée';
const NOT_FOUND_TEXT = "Désolé, la page que vous recherchez n'existe pas ou a été déplacée.";

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('Mise en page', () => {
  test('en-tête et pied de page : logo, liens, Connexion et copyright de l’année', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const nav = header(page).getByRole('navigation', { name: 'Navigation principale' });
    await expect(nav.getByRole('link')).toHaveText(['À propos', 'FAQ', 'Propriétaires']);
    await expect(nav.getByRole('link', { name: 'À propos' })).toHaveAttribute('href', '/about');
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    await expect(nav.getByRole('link', { name: 'Propriétaires' })).toHaveAttribute('href', '/loyer-garanti');
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login');

    const year = new Date().getFullYear();
    await expect(footer(page)).toContainText(`© ${year} Séjours Messins. Tous droits réservés.`);

    // The logo leads home.
    await header(page).getByRole('link', { name: 'Séjours Messins' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectCount(page, demoApartments.length);
  });
});

test.describe('Page 404', () => {
  // Chromium logs the 404 status of the document itself (and only that is allowed).
  test.use({
    allowedConsoleErrors: [
      /status of 404 \(Not Found\) \(http:\/\/[^/]+\/(cette-page-n-existe-pas|appartement\/studio-cosy-cathedrale\/inconnu\/encore):/,
    ],
  });

  test('une adresse inconnue affiche la page 404 (statut HTTP 404)', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${NOT_FOUND_TITLE} | Séjours Messins`);
    // Header and footer are there, and the page links home.
    await expect(header(page).getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(footer(page)).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectCount(page, demoApartments.length);
  });

  test('une adresse inconnue plus profonde est aussi une 404', async ({ page }) => {
    const response = await page.goto('/appartement/studio-cosy-cathedrale/inconnu/encore');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
  });

  test('une route inconnue atteinte dans le site (sans rechargement) affiche aussi la page 404', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nulle-part');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
  });
});

test.describe('Module distant du catalogue indisponible', () => {
  // The remote is broken on purpose: the browser and the federation runtime report it.
  test.use({ allowedConsoleErrors: 'any' });

  const blockers: ReadonlyArray<[string, (route: Route) => Promise<void>]> = [
    ['requête interrompue', (route) => route.abort()],
    [
      'réponse 404',
      (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Ressource introuvable."}' }),
    ],
  ];

  for (const [label, block] of blockers) {
    test(`${label} : message et « Réessayer », l’en-tête et le pied de page restent utilisables`, async ({ page }) => {
      await page.route('**/mfe/catalog/**', block);
      await page.goto('/');

      const alert = page.getByRole('alert').filter({ hasText: UNAVAILABLE });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('button', { name: 'Réessayer' })).toBeVisible();
      // The page the server rendered stays readable under the message (issue 29), with its own title.
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toBeVisible();
      await expectCount(page, demoApartments.length);
      await expect(page).toHaveTitle('Locations meublées de courte durée à Metz | Séjours Messins');
      await expect(footer(page)).toContainText('Séjours Messins. Tous droits réservés.');

      // The shell's own pages still work through the header.
      await header(page).getByRole('link', { name: 'Connexion' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
      await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Mot de passe', { exact: true })).toBeVisible();

      // Back home (client-side): still unavailable while blocked, and nothing of the page to show.
      await header(page).getByRole('link', { name: 'Séjours Messins' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(UNAVAILABLE)).toBeVisible();
      await expect(page).toHaveTitle('Accueil | Séjours Messins');
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toHaveCount(0);

      // Unblock, then 'Réessayer' brings the home page without a reload.
      await page.unroute('**/mfe/catalog/**');
      await page.getByRole('button', { name: 'Réessayer' }).click();
      await expectCount(page, demoApartments.length);
      await expect(page.getByRole('heading', { level: 1, name: 'Bienvenue sur Séjours Messins' })).toBeVisible();
      await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
    });
  }
});
