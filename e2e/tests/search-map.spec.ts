/**
 * The map of the results (issue 32 item 4): offered only when the server has MAP_STYLE_URL, its
 * code fetched only when opened, drawn from a style and tiles this test serves on another origin,
 * markers with the stay's price, synced with the list, keyboard- and screen-reader-usable.
 */
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { axeSerious, sidewaysOverflow } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { apiLogin, futureStay } from '../support/journeys';
import { DEMO_ADMIN } from '../support/demo';
import { startMapFixture, type MapFixture } from '../support/map-fixture';
import { startPrivateServer, type PrivateServer } from '../support/private-server';

interface Found {
  id: number;
  slug: string;
  titre: string;
  latitude: number | null;
  sejour: { nuits: number; totalCents: number };
}

/** '412 €', '301,50 €': the stay's total as the markers write it. */
function amount(totalCents: number): string {
  const digits = totalCents % 100 === 0 ? 0 : 2;
  const text = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(totalCents / 100);
  return `${text.replace(/\s/g, ' ')} €`;
}

const mapTest = test.extend<object, { mapSite: { server: PrivateServer; fixture: MapFixture } }>({
  mapSite: [
    async ({}, use, workerInfo) => {
      const fixture = await startMapFixture();
      const configDir = workerInfo.config.configFile ? path.dirname(workerInfo.config.configFile) : process.cwd();
      const root = path.resolve(configDir, '..');
      const server = await startPrivateServer(root, 120_000, { MAP_STYLE_URL: fixture.styleUrl });
      await use({ server, fixture });
      await server.stop();
      await fixture.stop();
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ mapSite }, use) => use(mapSite.server.url),
});

const region = (page: Page) => page.getByRole('region', { name: 'Carte des logements' });

/** The stay's results as the API gives them (the demo's 15 apartments fit in one page). */
async function searchStay(page: Page, query: string): Promise<Found[]> {
  const response = await page.request.get(`/api/appartements${query}&page=1&parPage=48`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { appartements: Found[] }).appartements;
}

mapTest.describe('carte des résultats', () => {
  let query = '';
  let withoutPosition = '';

  mapTest.beforeAll(async ({ mapSite, playwright }, testInfo) => {
    // One demo apartment loses its coordinates (an admin clears them): it is left off the map.
    const request = await playwright.request.newContext({ baseURL: mapSite.server.url, extraHTTPHeaders: { Origin: mapSite.server.url } });
    const token = await apiLogin(request, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const stay = futureStay(60, 3, testInfo);
    query = `?arrivee=${stay.startDate}&depart=${stay.endDate}&adultes=2`;
    const first = ((await (await request.get(`/api/appartements${query}&page=1&parPage=48`)).json()) as { appartements: Found[] })
      .appartements;
    withoutPosition = first[1]!.slug;
    // The editor sends the whole apartment back: the same, without coordinates.
    const whole = (await (await request.get(`/api/appartements/slug/${withoutPosition}`)).json()) as { id: number };
    const cleared = await request.put(`/api/appartements/${whole.id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...whole, latitude: null, longitude: null },
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
    await request.dispose();
  });

  mapTest(
    'avec des dates : la carte s’ouvre sur le style local, ses prix sont ceux du séjour, un prix mène à sa carte, Échap ferme',
    async ({ page, mapSite }) => {
      const files: string[] = [];
      page.on('request', (r: Request) => {
        if (/\/mfe\/catalog\/.*\.(m?js|css)$/.test(new URL(r.url()).pathname)) files.push(new URL(r.url()).pathname);
      });
      const found = await searchStay(page, query);
      expect(found.find((a) => a.slug === withoutPosition)?.latitude).toBeNull();
      const placed = found.filter((a) => a.latitude !== null);

      await page.goto(`/${query}`);
      const toggle = page.getByRole('button', { name: 'Voir la carte' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('link', { name: new RegExp(found[0]!.titre) })).toBeVisible();
      // Every free demo apartment is on the home page's first page.
      await expect(page.locator('.cat-results').getByRole('link')).toHaveCount(found.length);
      await page.waitForLoadState('networkidle');
      const beforeOpening = new Set(files);
      // Nothing of MapLibre before the map is opened (its worker comes with it).
      expect([...beforeOpening].filter((file) => /maplibre/.test(file))).toEqual([]);

      await toggle.click();
      const map = region(page);
      await expect(map).toBeVisible();
      await expect(page.getByRole('button', { name: 'Masquer la carte' })).toHaveAttribute('aria-expanded', 'true');
      await expect(map.getByText('1 logement sans position n’est pas sur la carte')).toBeVisible();
      // Headless Chromium draws with WebGL through SwiftShader: the real map, not the list of prices.
      await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
      await expect(map.getByText('La carte ne peut pas s’afficher sur ce navigateur.')).toHaveCount(0);
      const opened = files.filter((file) => !beforeOpening.has(file));
      expect(opened.filter((file) => file.endsWith('.js')).length, 'le code de la carte, chargé à l’ouverture').toBeGreaterThan(0);
      expect(opened.filter((file) => file.endsWith('.css')).length, 'sa feuille de style aussi').toBeGreaterThan(0);
      await expect
        .poll(() => files.some((file) => /maplibre-gl-worker\.[0-9a-f]+\.mjs$/.test(file)), { message: 'et son worker' })
        .toBe(true);
      // The tiles come from MAP_STYLE_URL's origin.
      await expect.poll(() => mapSite.fixture.tilesServed(), { timeout: 15_000 }).toBeGreaterThan(0);

      // One marker per placed apartment, named and labelled with the stay's total.
      const markers = map.locator('.cat-map-marker');
      await expect(markers).toHaveCount(placed.length);
      for (const apartment of placed) {
        const price = amount(apartment.sejour.totalCents);
        await expect(map.getByRole('button', { name: `${apartment.titre}, ${price}`, exact: true })).toHaveText(price);
      }

      // A marker far down the list: its card is scrolled to, highlighted and focused.
      const last = placed[placed.length - 1]!;
      await map.getByRole('button', { name: `${last.titre}, ${amount(last.sejour.totalCents)}`, exact: true }).click();
      const card = page.locator(`#cat-card-${last.id}`);
      await expect(card).toBeFocused();
      await expect(card).toHaveClass(/cat-card--chosen/);
      await expect(card).toBeInViewport();
      // The focused card's marker is the highlighted one; hovering another card moves the highlight.
      await expect(map.getByRole('button', { name: `${last.titre}, ${amount(last.sejour.totalCents)}`, exact: true })).toHaveClass(
        /cat-map-marker--active/,
      );
      const other = placed[0]!;
      await page.locator(`#cat-card-${other.id}`).hover();
      await expect(map.getByRole('button', { name: `${other.titre}, ${amount(other.sejour.totalCents)}`, exact: true })).toHaveClass(
        /cat-map-marker--active/,
      );

      // Escape in the map closes it and gives the focus back to the toggle; the list is whole again.
      await map.getByRole('button', { name: `${other.titre}, ${amount(other.sejour.totalCents)}`, exact: true }).focus();
      await page.keyboard.press('Escape');
      await expect(map).toHaveCount(0);
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('.cat-results').getByRole('link')).toHaveCount(found.length);
    },
  );

  mapTest.describe('accessibilité', () => {
    // axe-core is injected as a script: the page's CSP would refuse it.
    mapTest.use({ bypassCSP: true });

    mapTest(
      'axe : 0 défaut sérieux avec la carte ouverte ; à 360 px la carte prend toute la largeur sans défilement horizontal',
      async ({ page }) => {
        await page.setViewportSize({ width: 360, height: 740 });
        await page.goto(`/${query}`);
        await page.getByRole('button', { name: 'Voir la carte' }).click();
        const map = region(page);
        await expect(map.locator('.cat-map-marker').first()).toBeVisible();
        expect(await axeSerious(page)).toEqual([]);
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        const [mapBox, listBox] = await Promise.all([map.boundingBox(), page.locator('.cat-results').boundingBox()]);
        expect(mapBox!.width).toBeGreaterThan(300);
        expect(Math.abs(mapBox!.width - listBox!.width)).toBeLessThanOrEqual(1);
      },
    );
  });
});

test('sans MAP_STYLE_URL, aucun bouton de carte', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: /logement\(s\) disponible\(s\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voir la carte' })).toHaveCount(0);
  const config = (await (await page.request.get('/runtime-config.json')).json()) as { mapStyleUrl: unknown };
  expect(config.mapStyleUrl).toBeNull();
});
